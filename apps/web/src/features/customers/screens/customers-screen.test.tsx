import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listCustomers, listPricingTiers, ORGANISATION_HEADER } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { harbour } from '#testing/fixtures.ts';
import {
  customerFixture,
  houseAccount,
  json,
  listFixture,
  renderCustomers,
  stubApi,
} from '../testing/customers-api-stub.tsx';
import { route } from '#testing/fake-api.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const page = (items: unknown[], next_cursor: string | null = null) => json(200, { items, next_cursor });
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('CustomersScreen', () => {
  it('lists the customers for the chosen organisation and marks the house account', async () => {
    const api = stubApi({
      [route(listCustomers, { id: harbour.id })]: () => page([houseAccount, customerFixture()]),
    });
    renderCustomers('/customers');

    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Café Aroma' })).toHaveAttribute(
      'href',
      `/customers/${customerFixture().id}`,
    );

    const cafe = within(rowOf('Café Aroma'));
    expect(cafe.getByText('51 824 753 556')).toBeInTheDocument();
    expect(cafe.getByText('Surry Hills, NSW 2010')).toBeInTheDocument();
    expect(cafe.getByText('orders@cafearoma.com.au')).toBeInTheDocument();
    expect(cafe.getByText('02 9000 1234')).toBeInTheDocument();
    expect(cafe.getByText('2')).toBeInTheDocument();
    expect(cafe.getByText('On')).toBeInTheDocument();
    expect(cafe.getByText('14 days')).toBeInTheDocument();
    expect(cafe.getByText('$5,000.00')).toBeInTheDocument();
    expect(cafe.queryByText('House account')).toBeNull();

    const house = within(rowOf('Harbour Wholesale (house)'));
    expect(house.getByText('House account')).toBeInTheDocument();
    expect(house.getByText('Off')).toBeInTheDocument();
    expect(house.getByText('On receipt')).toBeInTheDocument();
    expect(house.getByText('No limit')).toBeInTheDocument();

    const [request] = api.requestsTo(route(listCustomers, { id: harbour.id }));
    expect(request?.query.toString()).toBe('limit=25&status=active');
    expect(request?.headers.get(ORGANISATION_HEADER)).toBe(harbour.id);
    // Everything fits one page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page with the cursor of the last one', async () => {
    const second = customerFixture({ id: '00000000-0000-4000-8000-0000000000c2', title: 'Bistro Nord' });
    const api = stubApi({
      [route(listCustomers, { id: harbour.id })]: ({ query }) =>
        query.get('cursor') === 'cursor-2' ? page([second]) : page([customerFixture()], 'cursor-2'),
    });
    renderCustomers('/customers');

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Bistro Nord' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Café Aroma' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 customers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      api.requestsTo(route(listCustomers, { id: harbour.id })).map((request) => request.query.get('cursor')),
    ).toEqual([null, 'cursor-2']);
  });

  it('searches on the server only from two characters', async () => {
    const api = stubApi({
      [route(listCustomers, { id: harbour.id })]: ({ query }) =>
        page(query.has('search') ? [customerFixture()] : [houseAccount, customerFixture()]),
    });
    const { router } = renderCustomers('/customers');
    await screen.findByRole('link', { name: 'Café Aroma' });
    const searches = () =>
      api.requestsTo(route(listCustomers, { id: harbour.id })).map((r) => r.query.get('search'));

    const box = screen.getByRole('searchbox', { name: 'Search customers' });
    // The debounce is waited out on a fake clock; shouldAdvanceTime keeps everything else moving.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.type(box, 'c');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeInTheDocument();
    // Longer than the debounce: one character is never sent.
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(searches()).toEqual([null]);

    await userEvent.type(box, 'a');
    await waitFor(() => expect(searches()).toEqual([null, 'ca']));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Harbour Wholesale (house)' })).toBeNull());
    expect(router.state.location.search).toBe('?q=ca');
  });

  it('filters by status', async () => {
    const api = stubApi({
      [route(listCustomers, { id: harbour.id })]: ({ query }) =>
        page(query.get('status') === 'archived' ? [customerFixture({ archived: true })] : []),
    });
    renderCustomers('/customers');
    await screen.findByText('No customers yet');

    await userEvent.click(screen.getByRole('radio', { name: 'Archived' }));

    const row = within(
      (await screen.findByRole('link', { name: 'Café Aroma' })).closest('tr') as HTMLElement,
    );
    expect(row.getByText('Archived')).toBeInTheDocument();
    expect(
      api.requestsTo(route(listCustomers, { id: harbour.id })).map((r) => r.query.get('status')),
    ).toEqual(['active', 'archived']);
  });

  it('invites the first customer when there are none', async () => {
    stubApi({ [route(listCustomers, { id: harbour.id })]: () => page([]) });
    renderCustomers('/customers');

    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    const addButtons = screen.getAllByRole('button', { name: 'Add customer' });
    expect(addButtons).toHaveLength(2);
    await userEvent.click(addButtons[1]!);
    expect(await screen.findByRole('dialog', { name: 'Add customer' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    let answer: (response: Response) => void = () => {};
    const api = stubApi({
      [route(listCustomers, { id: harbour.id })]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderCustomers('/customers');

    await waitFor(() => expect(api.requestsTo(route(listCustomers, { id: harbour.id }))).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading customers…');
    answer(page([customerFixture()]));
    expect(await screen.findByRole('link', { name: 'Café Aroma' })).toBeInTheDocument();
    expect(screen.queryByText('Loading customers…')).toBeNull();
  });

  it('says when the list could not load and tries again', async () => {
    let calls = 0;
    stubApi({
      [route(listCustomers, { id: harbour.id })]: () =>
        ++calls === 1
          ? json(429, { error_code: 'RATE_LIMITED', message: 'Too many requests; try again shortly.' })
          : page([customerFixture()]),
    });
    renderCustomers('/customers');

    expect(await screen.findByText('We could not load your customers')).toBeInTheDocument();
    // SPEC §8's toast as well, from the API client.
    expect(
      await screen.findByText('RATE LIMITED - Too many requests; try again shortly.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Café Aroma' })).toBeInTheDocument();
    expect(screen.queryByText('We could not load your customers')).toBeNull();
  });

  it('shows each customer’s pricing tier and filters by tier on the server', async () => {
    const wholesale = listFixture('00000000-0000-4000-8000-0000000000f1', 'Wholesale');
    const trade = listFixture('00000000-0000-4000-8000-0000000000f2', 'Trade');
    const inWholesale = customerFixture({ pricing_tier: { id: wholesale.id, name: 'Wholesale' } });
    const api = stubApi({
      [route(listPricingTiers, { id: harbour.id })]: () => page([trade, wholesale]),
      [route(listCustomers, { id: harbour.id })]: ({ query }) => {
        const tier = query.get('pricing_tier_id');
        if (tier === wholesale.id) return page([inWholesale]);
        if (tier === 'none') return page([houseAccount]);
        return page([houseAccount, inWholesale]);
      },
    });
    renderCustomers('/customers');

    await screen.findByRole('link', { name: 'Café Aroma' });
    expect(within(rowOf('Café Aroma')).getByText('Wholesale')).toBeInTheDocument();
    expect(within(rowOf('Harbour Wholesale (house)')).getByText('Base prices')).toBeInTheDocument();

    const filter = screen.getByLabelText('Pricing tier');
    await waitFor(() =>
      expect(within(filter).getByRole('option', { name: 'Wholesale' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(filter, 'Wholesale');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Harbour Wholesale (house)' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Café Aroma' })).toBeInTheDocument();
    expect(
      api
        .requestsTo(route(listCustomers, { id: harbour.id }))
        .at(-1)
        ?.query.get('pricing_tier_id'),
    ).toBe(wholesale.id);

    await userEvent.selectOptions(filter, 'No tier (base prices)');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Café Aroma' })).toBeNull());
    expect(
      api
        .requestsTo(route(listCustomers, { id: harbour.id }))
        .at(-1)
        ?.query.get('pricing_tier_id'),
    ).toBe('none');
  });

  // Issue 9, defect 11: on a phone (390 px) the key facts stay on screen, as cards.
  it('shows each customer as a card with its tier, terms and credit limit on a phone', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    }));
    stubApi({
      [route(listCustomers, { id: harbour.id })]: () =>
        page([
          customerFixture({
            pricing_tier: { id: '00000000-0000-4000-8000-0000000000f1', name: 'Wholesale' },
          }),
        ]),
    });
    renderCustomers('/customers');

    const list = await screen.findByRole('list', { name: 'Customers' });
    expect(screen.queryByRole('table', { name: 'Customers' })).toBeNull();
    const card = within(within(list).getByRole('listitem', { name: 'Café Aroma' }));
    expect(card.getByRole('link', { name: 'Café Aroma' })).toHaveAttribute(
      'href',
      `/customers/${customerFixture().id}`,
    );
    expect(card.getByText('Wholesale')).toBeInTheDocument();
    expect(card.getByText('14 days')).toBeInTheDocument();
    expect(card.getByText('$5,000.00')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
