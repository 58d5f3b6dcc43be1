import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bulkUpdateOrderStatus, listCustomers, listOrders, searchOrders } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '#lib/use-is-phone.ts';
import { route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import {
  accountIdOf,
  cafe,
  customerFixture,
  json,
  ORDER_ID,
  page,
  renderOrders,
  stubOrdersApi,
  summaryFixture,
} from '../testing/orders-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const MERCHANT_LIST = route(listOrders, { id: harbour.id });
const SEARCH = route(searchOrders, { id: harbour.id });
const BULK = route(bulkUpdateOrderStatus);
const SHIPPED_ID = idOf(902);
const processing = summaryFixture();
const shipped = summaryFixture({
  id: SHIPPED_ID,
  number: 1043,
  status: 'SHIPPED',
  customer: { organisation_id: idOf(77), account_id: accountIdOf(idOf(77)), name: 'Bean There' },
  purchase_order_number: null,
  delivery_date: null,
  total_cents: 250_000,
});
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('OrdersScreen (merchant)', () => {
  it('lists the orders with customer, en-AU dates, status, PO and total in AUD', async () => {
    stubOrdersApi('merchant', { orders: { [MERCHANT_LIST]: () => page([processing, shipped]) } });
    renderOrders('merchant', '/orders');

    expect(screen.getByRole('heading', { level: 1, name: 'All Orders' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Order 1042' })).toHaveAttribute(
      'href',
      `/orders/${ORDER_ID}`,
    );
    const first = within(rowOf('Order 1042'));
    expect(first.getByText('Café Aroma')).toBeInTheDocument();
    expect(first.getByText('04/03/2025')).toBeInTheDocument();
    expect(first.getByText('06/03/2025')).toBeInTheDocument();
    expect(first.getByText('Processing')).toBeInTheDocument();
    expect(first.getByText('PO-77')).toBeInTheDocument();
    expect(first.getByText('$123.45')).toBeInTheDocument();
    const second = within(rowOf('Order 1043'));
    expect(second.getByText('Shipped')).toBeInTheDocument();
    expect(second.getByText('$2,500.00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();
  });

  it('sends the filters kept in the URL, and a chosen preset and delivery date update the query', async () => {
    const api = stubOrdersApi('merchant', { orders: { [MERCHANT_LIST]: () => page([processing]) } });
    const { router } = renderOrders('merchant', '/orders?status=PROCESSING,ON_HOLD,BOGUS');
    await screen.findByRole('link', { name: 'Order 1042' });
    const firstQuery = api.requestsTo(MERCHANT_LIST)[0]!.query;
    expect(firstQuery.get('status')).toBe('PROCESSING,ON_HOLD');
    expect(firstQuery.get('placed')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Placed' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(api.requestsTo(MERCHANT_LIST).at(-1)!.query.get('placed')).toBe('LAST_7_DAYS'),
    );
    expect(router.state.location.search).toContain('placed=LAST_7_DAYS');

    fireEvent.change(screen.getByLabelText('Delivery from'), { target: { value: '2025-03-01' } });
    await waitFor(() =>
      expect(api.requestsTo(MERCHANT_LIST).at(-1)!.query.get('delivery_from')).toBe('2025-03-01'),
    );
    const last = api.requestsTo(MERCHANT_LIST).at(-1)!.query;
    expect(last.get('status')).toBe('PROCESSING,ON_HOLD');
    expect(last.get('placed')).toBe('LAST_7_DAYS');
  });

  it('filters by a customer picked from the searchable customer list', async () => {
    const customers = route(listCustomers, { id: harbour.id });
    const api = stubOrdersApi('merchant', {
      api: {
        [customers]: (request) =>
          page(
            [customerFixture('Café Aroma', cafe.id), customerFixture('Bean There', idOf(77))].filter(
              (customer) => customer.title.includes(request.query.get('search') ?? ''),
            ),
          ),
      },
      orders: { [MERCHANT_LIST]: () => page([processing]) },
    });
    const { router } = renderOrders('merchant', '/orders');
    await screen.findByRole('link', { name: 'Order 1042' });
    // The customers are asked for only once the picker is used.
    expect(api.requestsTo(customers)).toHaveLength(0);
    const user = userEvent.setup();

    await user.type(screen.getByRole('combobox', { name: 'Customer' }), 'Bean');
    // Searched on the server once typing pauses.
    await waitFor(() =>
      expect(api.requestsTo(customers).map((request) => request.query.get('search'))).toContain('Bean'),
    );
    await user.click(await screen.findByRole('option', { name: 'Bean There' }));

    await waitFor(() =>
      expect(api.requestsTo(MERCHANT_LIST).at(-1)!.query.get('customer_organisation_id')).toBe(idOf(77)),
    );
    expect(new URLSearchParams(router.state.location.search).get('customer_name')).toBe('Bean There');
  });

  it('shows each order’s payment status, and filters by it through the URL', async () => {
    const api = stubOrdersApi('merchant', {
      orders: {
        [MERCHANT_LIST]: () =>
          page([processing, { ...shipped, payment_status: 'PARTIALLY_PAID', paid_cents: 1_000 }]),
      },
    });
    const { router } = renderOrders('merchant', '/orders?payment_status=UNPAID,NOT_A_STATUS');
    await screen.findByRole('link', { name: 'Order 1042' });
    expect(within(rowOf('Order 1042')).getByText('Unpaid')).toBeInTheDocument();
    expect(within(rowOf('Order 1043')).getByText('Partially Paid')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Payment' })).toBeInTheDocument();
    expect(api.requestsTo(MERCHANT_LIST)[0]!.query.get('payment_status')).toBe('UNPAID');

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Payment' }));
    await user.click(await screen.findByRole('option', { name: 'Partially Paid' }));
    await waitFor(() =>
      expect(api.requestsTo(MERCHANT_LIST).at(-1)!.query.get('payment_status')).toBe('UNPAID,PARTIALLY_PAID'),
    );
    expect(new URLSearchParams(router.state.location.search).get('payment_status')).toBe(
      'UNPAID,PARTIALLY_PAID',
    );
  });

  it('searches by number, customer, product or PO from 2 characters, through the search endpoint', async () => {
    const api = stubOrdersApi('merchant', {
      orders: { [MERCHANT_LIST]: () => page([processing, shipped]), [SEARCH]: () => page([shipped]) },
    });
    renderOrders('merchant', '/orders');
    await screen.findByRole('link', { name: 'Order 1042' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'B');
    expect(await screen.findByText('Type at least 2 characters, or an order number')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'ean');

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Order 1042' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Order 1043' })).toBeInTheDocument();
    expect(api.requestsTo(SEARCH).map((request) => request.query.get('q'))).toEqual(['Bean']);
  });

  it('searches an order number from its first digit', async () => {
    const api = stubOrdersApi('merchant', {
      orders: { [MERCHANT_LIST]: () => page([processing, shipped]), [SEARCH]: () => page([processing]) },
    });
    renderOrders('merchant', '/orders');
    await screen.findByRole('link', { name: 'Order 1043' });

    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search orders' }), '7');

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Order 1043' })).toBeNull());
    expect(api.requestsTo(SEARCH).map((request) => request.query.get('q'))).toEqual(['7']);
  });

  it('moves the selected orders to a status after confirming, then sums up what moved and what was refused', async () => {
    const api = stubOrdersApi('merchant', {
      orders: {
        [MERCHANT_LIST]: () => page([processing, shipped]),
        [BULK]: () =>
          json(200, {
            moved: [{ id: ORDER_ID, number: 1042, status: 'CANCELLED' }],
            refused: [{ id: SHIPPED_ID, number: 1043, reason: 'A shipped order can only become completed' }],
          }),
      },
    });
    renderOrders('merchant', '/orders');
    await screen.findByRole('link', { name: 'Order 1042' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('checkbox', { name: 'Select Order 1042' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Order 1043' }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    expect(within(bar).getByText('2 orders selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Move to status' }));
    // Only statuses one of them can reach: processing → shipped/on hold/cancelled, shipped → completed.
    const options = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(options).toEqual(['On hold', 'Shipped', 'Completed', 'Cancelled']);
    await user.click(screen.getByRole('menuitem', { name: 'Cancelled' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change order status' });
    expect(dialog).toHaveTextContent('Move 2 orders to cancelled?');
    expect(api.requestsTo(BULK)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Move to cancelled' }));

    expect(await screen.findByText('1 order moved to cancelled')).toBeInTheDocument();
    const [sent] = api.requestsTo(BULK);
    expect(sent!.params).toEqual({ id: harbour.id, status: 'CANCELLED' });
    expect(sent!.body).toEqual({ order_ids: [ORDER_ID, SHIPPED_ID] });
    expect(screen.getByRole('list', { name: 'Orders not moved' })).toHaveTextContent(
      'Order 1043: A shipped order can only become completed',
    );
  });

  it('loads the next page from the cursor of the last', async () => {
    const api = stubOrdersApi('merchant', {
      orders: {
        [MERCHANT_LIST]: (request) =>
          request.query.get('cursor') === 'page-2' ? page([shipped]) : page([processing], 'page-2'),
      },
    });
    renderOrders('merchant', '/orders?placed=THIS_MONTH');
    await screen.findByRole('link', { name: 'Order 1042' });
    expect(screen.queryByRole('link', { name: 'Order 1043' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Order 1043' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const second = api.requestsTo(MERCHANT_LIST)[1]!.query;
    expect(second.get('cursor')).toBe('page-2');
    expect(second.get('placed')).toBe('THIS_MONTH');
  });

  it('shows a card per order on a phone, each still selectable', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    stubOrdersApi('merchant', { orders: { [MERCHANT_LIST]: () => page([processing, shipped]) } });
    renderOrders('merchant', '/orders');

    const cards = await screen.findByRole('list', { name: 'Orders' });
    const card = within(cards).getByRole('listitem', { name: 'Order 1042' });
    expect(card).toHaveTextContent('Café Aroma');
    expect(card).toHaveTextContent('$123.45');
    expect(within(card).getByRole('checkbox', { name: 'Select Order 1042' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('invites a first order when there are none, and offers to clear filters when none match', async () => {
    stubOrdersApi('merchant', { orders: { [MERCHANT_LIST]: () => page([]) } });
    renderOrders('merchant', '/orders');
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create New Order' }).at(-1)).toHaveAttribute(
      'href',
      '/orders/create',
    );
  });

  it('says when nothing matches the filters and clears them', async () => {
    const api = stubOrdersApi('merchant', { orders: { [MERCHANT_LIST]: () => page([]) } });
    const { router } = renderOrders('merchant', '/orders?status=CANCELLED');
    expect(await screen.findByText('No orders match')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(api.requestsTo(MERCHANT_LIST).at(-1)!.query.get('status')).toBeNull();
  });
});

describe('OrdersScreen (customer)', () => {
  it('lists its own orders by merchant, with no selection and no customer filter', async () => {
    const list = route(listOrders, { id: cafe.id });
    const api = stubOrdersApi('customer', { orders: { [list]: () => page([processing]) } });
    renderOrders('customer', '/orders');

    expect(await screen.findByRole('link', { name: 'Order 1042' })).toBeInTheDocument();
    expect(within(rowOf('Order 1042')).getByText('Harbour Wholesale')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Merchant' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Customer' })).toBeNull();
    expect(api.requestsTo(list)).toHaveLength(1);
  });
});
