import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubGroupApi } from '#shared/product-groups/testing/group-api-stub.tsx';
import { harbourUser } from '#shared/product-groups/testing/group-fixtures.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { PRICING, renderPricing } from '../testing/render-pricing.tsx';
import { beanThere, flatWhite, harbourKiosk, wholesale, wholesaleApi } from '../testing/tier-fixtures.ts';
import {
  addTierCustomer,
  deletePricingTier,
  getCurrentUser,
  getPricingTier,
  removeTierCustomer,
  setTierItems,
  updatePricingTier,
} from '@tradeport/contract';
import { route } from '#testing/fake-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TIER = { id: harbour.id, gid: wholesale.id };
const CURRENT_USER = route(getCurrentUser);

async function openTier(options: Partial<Parameters<typeof stubGroupApi>[0]> = {}) {
  const api = stubGroupApi({ kind: PRICING, ...wholesaleApi, ...options });
  const view = renderPricing(`/pricing/${wholesale.id}`);
  await screen.findByRole('heading', { level: 1, name: 'Wholesale' });
  return { api, ...view };
}

describe('Pricing tier screen', () => {
  it('renames the tier with the version it was loaded at', async () => {
    const { api } = await openTier();
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit pricing tier' }));

    const name = dialog.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Wholesale');
    await userEvent.clear(name);
    await userEvent.type(name, 'Wholesale NSW');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Wholesale NSW' })).toBeInTheDocument();
    expect(api.requestsTo(route(updatePricingTier, TIER)).map((request) => request.body)).toEqual([
      { name: 'Wholesale NSW', description: 'Cafés on weekly standing orders', version: 4 },
    ]);
  });

  it('says when someone else saved first, and starts again from their version', async () => {
    let reads = 0;
    await openTier({
      handlers: {
        [route(getPricingTier, TIER)]: () =>
          json(200, ++reads === 1 ? wholesale : { ...wholesale, name: 'Wholesale (VIC)', version: 5 }),
        [route(updatePricingTier, TIER)]: () =>
          json(409, {
            error_code: 'CONFLICT',
            message: 'Someone else changed this pricing tier since you opened it.',
          }),
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit pricing tier' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), ' NSW');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByRole('alert', { name: /Pricing tier changed meanwhile/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Wholesale (VIC)'),
    );
    expect(dialog.getByRole('textbox', { name: /^Name/ })).not.toHaveAttribute('aria-invalid');
  });

  it('deletes the tier only after saying what happens to its customers', async () => {
    const { api, router } = await openTier();
    await userEvent.click(screen.getByRole('button', { name: 'Delete pricing tier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete “Wholesale”?' }));

    expect(dialog.getByText(/Its customers go back to paying base prices/)).toBeInTheDocument();
    expect(api.requestsTo(route(deletePricingTier, TIER))).toHaveLength(0);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete pricing tier' }));

    expect(await screen.findByText('No pricing tiers yet')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pricing');
    expect(api.requestsTo(route(deletePricingTier, TIER))).toHaveLength(1);
    // Dropped from the cache, not asked for again (it would answer 404).
    expect(api.requestsTo(route(getPricingTier, TIER))).toHaveLength(1);
  });

  it('adds a customer, saying it moves them from their current tier, and removes one after confirming', async () => {
    const { api } = await openTier();
    await userEvent.click(screen.getByRole('tab', { name: 'Customers' }));
    const section = within(screen.getByRole('region', { name: 'Customers' }));
    expect(await section.findByRole('link', { name: beanThere.title })).toHaveAttribute(
      'href',
      `/customers/${beanThere.id}`,
    );

    await userEvent.click(section.getByRole('button', { name: 'Add customers' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Add customers to “Wholesale”' }));
    expect(picker.getByText(/adding moves them from their current tier/)).toBeInTheDocument();
    await userEvent.type(picker.getByRole('searchbox', { name: 'Search your customers' }), 'kiosk');
    await userEvent.click(await picker.findByRole('button', { name: `Add ${harbourKiosk.title}` }));
    expect(await picker.findByText('Added')).toBeInTheDocument();
    expect(api.requestsTo(route(addTierCustomer, { ...TIER, cid: harbourKiosk.id }))).toHaveLength(1);
    await userEvent.click(picker.getByRole('button', { name: 'Done' }));
    const kioskRow = (await section.findByRole('link', { name: harbourKiosk.title })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(kioskRow).getByText('Archived')).toBeInTheDocument();

    await userEvent.click(section.getByRole('button', { name: `Remove ${beanThere.title}` }));
    const confirm = within(await screen.findByRole('dialog', { name: `Remove ${beanThere.title}?` }));
    expect(
      confirm.getByText(`${beanThere.title} will pay base prices instead of the prices of “Wholesale”.`),
    ).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Remove customer' }));

    await waitFor(() => expect(section.queryByRole('link', { name: beanThere.title })).toBeNull());
    expect(api.requestsTo(route(removeTierCustomer, { ...TIER, cid: beanThere.id }))).toHaveLength(1);
  });

  it('lets someone who is not an Admin read the tier but change nothing', async () => {
    await openTier({ user: harbourUser });
    expect(await screen.findByRole('cell', { name: '$4.20' })).toBeInTheDocument();

    expect(
      screen.getByText('You can view this pricing tier. Only Admins can change it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: `Tier price for ${flatWhite.name}` })).toBeNull();
    for (const name of ['Edit details', 'Delete pricing tier', 'Add products', 'Add customers']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Customers' }));
    expect(await screen.findByRole('link', { name: beanThere.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('explains a 403 and stops offering changes the person can no longer make', async () => {
    let isDemoted = false;
    const { api } = await openTier({
      handlers: {
        [CURRENT_USER]: () => json(200, isDemoted ? harbourUser : merchantUser),
        [route(setTierItems, TIER)]: () => {
          isDemoted = true;
          return json(403, { error_code: 'FORBIDDEN', message: 'Only Admins can do this.' });
        },
      },
    });
    const price = await screen.findByRole('textbox', { name: `Tier price for ${flatWhite.name}` });
    await userEvent.clear(price);
    await userEvent.type(price, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save 1 price' }));

    // The server's words, as every screen shows a FORBIDDEN (lib/admin-only-reason's forbiddenMessage).
    expect(await screen.findByText('Only Admins can do this.')).toBeInTheDocument();
    expect(screen.getByText('Your price changes were not saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull());
    expect(screen.queryByRole('textbox', { name: `Tier price for ${flatWhite.name}` })).toBeNull();
    expect(api.requestsTo(CURRENT_USER).length).toBeGreaterThan(1);
  });
});
