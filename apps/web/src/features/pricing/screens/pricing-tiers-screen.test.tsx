import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPricingTier, listPricingTiers, ORGANISATION_HEADER } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupFixture, harbourUser } from '#shared/product-groups/testing/group-fixtures.ts';
import { json, stubGroupApi } from '#shared/product-groups/testing/group-api-stub.tsx';
import { harbour, idOf } from '#testing/fixtures.ts';
import { PRICING, renderPricing } from '../testing/render-pricing.tsx';
import { route } from '#testing/fake-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TIERS = { id: harbour.id };
const wholesale = groupFixture({
  id: idOf(1),
  name: 'Wholesale',
  description: 'Cafés on weekly standing orders',
  product_count: 12,
  customer_count: 3,
});
const trade = groupFixture({ id: idOf(2), name: 'Trade', product_count: 0, customer_count: 1 });
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('Pricing tiers screen', () => {
  it('lists the tiers by name with their descriptions and counts', async () => {
    const api = stubGroupApi({ kind: PRICING, groups: [wholesale, trade] });
    renderPricing('/pricing');

    expect(screen.getByRole('heading', { level: 1, name: 'Pricing Tiers' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Wholesale' })).toHaveAttribute(
      'href',
      `/pricing/${wholesale.id}`,
    );
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Trade', 'Wholesale']);
    const row = within(rowOf('Wholesale'));
    expect(row.getByText('Cafés on weekly standing orders')).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '12' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 pricing tiers')).toBeInTheDocument();

    const [request] = api.requestsTo(route(listPricingTiers, TIERS));
    expect(request!.query.toString()).toBe('limit=25');
    expect(request?.headers.get(ORGANISATION_HEADER)).toBe(harbour.id);
  });

  it('pages on with the cursor and searches on the server', async () => {
    const many = Array.from({ length: 26 }, (_, n) =>
      groupFixture({ id: idOf(100 + n), name: `Tier ${100 + n}` }),
    );
    const api = stubGroupApi({ kind: PRICING, groups: many });
    renderPricing('/pricing');

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('rowheader', { name: 'Tier 125' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search pricing tiers' }), '125');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Tier 100' })).toBeNull());

    const sent = api.requestsTo(route(listPricingTiers, TIERS)).map((r) => r.query);
    expect(sent.map((params) => params.get('cursor'))).toEqual([null, '25', null]);
    expect(sent.at(-1)?.get('search')).toBe('125');
  });

  it('explains what a tier is when there are none, and offers to add the first', async () => {
    stubGroupApi({ kind: PRICING, groups: [] });
    renderPricing('/pricing');

    expect(await screen.findByText('No pricing tiers yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A pricing tier is a price list: customers in it pay its prices, and the base price for anything it doesn’t list.',
      ),
    ).toBeInTheDocument();
    const addButtons = screen.getAllByRole('button', { name: 'Add pricing tier' });
    expect(addButtons).toHaveLength(2);
    await userEvent.click(addButtons[1]!);
    expect(await screen.findByRole('dialog', { name: 'Add pricing tier' })).toBeInTheDocument();
  });

  it('checks the name before sending, then shows the server’s duplicate name on the field', async () => {
    const api = stubGroupApi({ kind: PRICING, groups: [wholesale] });
    renderPricing('/pricing');
    await userEvent.click(await screen.findByRole('button', { name: 'Add pricing tier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add pricing tier' }));

    await userEvent.click(dialog.getByRole('button', { name: 'Add pricing tier' }));
    expect(dialog.getByText('Enter a name')).toBeInTheDocument();
    expect(api.requestsTo(route(createPricingTier, TIERS))).toHaveLength(0);

    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), ' wholesale ');
    await userEvent.click(dialog.getByRole('button', { name: 'Add pricing tier' }));

    const message = 'A pricing tier named “wholesale” already exists';
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    // On the field only: no toast repeats it.
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(api.requestsTo(route(createPricingTier, TIERS)).map((r) => r.body)).toEqual([
      { name: 'wholesale', description: null },
    ]);
  });

  it('adds a tier and opens it', async () => {
    const api = stubGroupApi({ kind: PRICING, groups: [] });
    const { router } = renderPricing('/pricing');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add pricing tier' }))[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add pricing tier' }));

    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Key accounts');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Description/ }), 'Top 20 venues');
    await userEvent.click(dialog.getByRole('button', { name: 'Add pricing tier' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Key accounts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/pricing/${idOf(900)}`);
    expect(api.requestsTo(route(createPricingTier, TIERS))[0]?.body).toEqual({
      name: 'Key accounts',
      description: 'Top 20 venues',
    });
  });

  it('offers no changes to someone who is not an Admin', async () => {
    stubGroupApi({ kind: PRICING, groups: [], user: harbourUser });
    renderPricing('/pricing');

    expect(await screen.findByText('No pricing tiers yet')).toBeInTheDocument();
    expect(screen.getByText('An Admin of your organisation can add them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add pricing tier' })).toBeNull();
  });

  it('says when the list could not load, and tries again', async () => {
    let calls = 0;
    stubGroupApi({
      kind: PRICING,
      groups: [wholesale],
      handlers: {
        [route(listPricingTiers, TIERS)]: () =>
          ++calls === 1
            ? json(429, { error_code: 'RATE_LIMITED', message: 'Too many requests; try again shortly.' })
            : json(200, { items: [wholesale], next_cursor: null }),
      },
    });
    renderPricing('/pricing');

    expect(await screen.findByText('We could not load your pricing tiers')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Wholesale' })).toBeInTheDocument();
  });
});
