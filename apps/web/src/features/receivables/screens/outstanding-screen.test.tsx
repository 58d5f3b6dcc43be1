import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportOutstandingOrders, listOutstandingOrders } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '#testing/capture-downloads.ts';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { json, page, renderReceivables, stubReceivablesApi } from '../testing/receivables-api-stub.tsx';
import {
  CAFE_ACCOUNT_ID,
  cafe,
  notYetDue,
  ORDER_1042,
  outstandingFixture,
} from '../testing/receivables-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const LIST = route(listOutstandingOrders, { id: harbour.id });
const CSV = route(exportOutstandingOrders, { id: harbour.id });
const CAFE_LIST = route(listOutstandingOrders, { id: cafe.id });
const AS_OF = { as_of: '2025-03-30' };

const rowOf = (invoice: string) => screen.getByRole('link', { name: invoice }).closest('tr') as HTMLElement;

describe('OutstandingScreen (merchant)', () => {
  it('lists each invoice with its due date, what it still owes and how overdue, linking to its order', async () => {
    stubReceivablesApi('merchant', { [LIST]: () => page([outstandingFixture(), notYetDue], AS_OF) });
    renderReceivables('merchant', '/payments/outstanding');

    expect(screen.getByRole('heading', { level: 1, name: 'Outstanding payments' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'INV-001042' })).toHaveAttribute(
      'href',
      `/orders/${ORDER_1042}`,
    );
    const overdue = within(rowOf('INV-001042'));
    expect(overdue.getByText('Order 1042 · placed 04/03/2025')).toBeInTheDocument();
    for (const text of ['Café Aroma', '18/03/2025', '$123.45', 'paid $23.45', '$100.00', '12 days']) {
      expect(overdue.getByText(text)).toBeInTheDocument();
    }
    expect(overdue.getByText('0–30 days')).toBeInTheDocument();
    expect(overdue.getByText('Partially Paid')).toBeInTheDocument();

    // The merchant collects it through the card-payment dialogs, opened by address.
    await userEvent.click(overdue.getByRole('button', { name: 'Collect payment: INV-001042' }));
    expect(await screen.findByRole('menuitem', { name: 'Take card payment' })).toHaveAttribute(
      'href',
      `/payments/outstanding?pay=card&pay_customer=${CAFE_ACCOUNT_ID}&pay_order=${ORDER_1042}`,
    );
    expect(screen.getByRole('menuitem', { name: 'Payment link' })).toHaveAttribute(
      'href',
      `/payments/outstanding?pay=links&pay_customer=${CAFE_ACCOUNT_ID}&pay_order=${ORDER_1042}`,
    );
    const dueLater = within(rowOf('INV-001043'));
    expect(dueLater.getByText('Not yet')).toBeInTheDocument();
    expect(dueLater.queryByText(/^paid/)).toBeNull();
    expect(dueLater.getByText('Unpaid')).toBeInTheDocument();
    expect(
      screen.getByText('Days overdue as of 30/03/2025, on the merchant’s calendar.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();
  });

  it('sends the filters kept in the address, and changing one asks again', async () => {
    const api = stubReceivablesApi('merchant', { [LIST]: () => page([outstandingFixture()], AS_OF) });
    const customer = `customer=${cafe.id}&customer_name=Caf%C3%A9+Aroma`;
    const { router } = renderReceivables(
      'merchant',
      `/payments/outstanding?${customer}&aging=DAYS_0_30&overdue=true`,
    );
    await screen.findByRole('link', { name: 'INV-001042' });
    const first = api.requestsTo(LIST)[0]!.query;
    expect(first.get('customer_organisation_id')).toBe(cafe.id);
    expect(first.get('aging')).toBe('DAYS_0_30');
    expect(first.get('overdue')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('Café Aroma');

    await userEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    // The contract's default, as the client sends every query through its schema.
    await waitFor(() => expect(api.requestsTo(LIST).at(-1)!.query.get('overdue')).toBe('false'));
    await userEvent.selectOptions(screen.getByLabelText('Days past due'), '90+ days');
    await waitFor(() => expect(api.requestsTo(LIST).at(-1)!.query.get('aging')).toBe('DAYS_90_PLUS'));
    expect(router.state.location.search).toContain('aging=DAYS_90_PLUS');
    expect(router.state.location.search).not.toContain('overdue');
  });

  it('pages on with the cursor the last page gave', async () => {
    const api = stubReceivablesApi('merchant', {
      [LIST]: (request) =>
        request.query.get('cursor') === 'c2'
          ? page([notYetDue], AS_OF)
          : page([outstandingFixture()], AS_OF, 'c2'),
    });
    renderReceivables('merchant', '/payments/outstanding');
    await screen.findByRole('link', { name: 'INV-001042' });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'INV-001043' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 outstanding invoices')).toBeInTheDocument();
    expect(api.requestsTo(LIST).map((request) => request.query.get('cursor'))).toEqual([null, 'c2']);
  });

  it('downloads the filtered list as CSV', async () => {
    const downloads = captureDownloads();
    const csv = 'invoice_number,order_number\nINV-001042,1042\n';
    const api = stubReceivablesApi('merchant', {
      [LIST]: () => page([outstandingFixture()], AS_OF),
      [CSV]: () => new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    renderReceivables('merchant', '/payments/outstanding?overdue=true');
    await screen.findByRole('link', { name: 'INV-001042' });

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(await downloads.saved[0]!.blob.text()).toBe(csv);
    expect(downloads.saved[0]!.filename).toMatch(/^outstanding-payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const [request] = api.requestsTo(CSV);
    expect(request!.query.get('overdue')).toBe('true');
    expect(request!.query.get('limit')).toBeNull();
    downloads.restore();
  });

  it('says when the filters match nothing, and clears them', async () => {
    const api = stubReceivablesApi('merchant', {
      [LIST]: (request) => page(request.query.get('aging') ? [] : [outstandingFixture()], AS_OF),
    });
    const { router } = renderReceivables('merchant', '/payments/outstanding?aging=DAYS_61_90');

    expect(await screen.findByText('No outstanding invoices match these filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'INV-001042' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(api.requestsTo(LIST).at(-1)!.query.get('aging')).toBeNull();
  });

  it('says so when nothing at all is owed', async () => {
    stubReceivablesApi('merchant', { [LIST]: () => page([], AS_OF) });
    renderReceivables('merchant', '/payments/outstanding');
    expect(await screen.findByText('Nothing outstanding')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let calls = 0;
    stubReceivablesApi('merchant', {
      [LIST]: () =>
        (calls += 1) === 1
          ? json(429, { error_code: 'RATE_LIMITED', message: 'Too many requests; try again shortly.' })
          : page([outstandingFixture()], AS_OF),
    });
    renderReceivables('merchant', '/payments/outstanding');
    expect(await screen.findByText('We could not load your outstanding invoices')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'INV-001042' })).toBeInTheDocument();
  });
});

describe('OutstandingScreen (customer)', () => {
  it('lists the café’s own invoices with its merchant, and pays one by card', async () => {
    const api = stubReceivablesApi('customer', { [CAFE_LIST]: () => page([outstandingFixture()], AS_OF) });
    renderReceivables('customer', '/payments/outstanding');

    expect(await screen.findByRole('link', { name: 'INV-001042' })).toBeInTheDocument();
    expect(api.requestsTo(CAFE_LIST)[0]!.query.get('merchant_id')).toBe(harbour.id);
    expect(screen.queryByRole('columnheader', { name: 'Customer' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay by card: INV-001042' })).toHaveAttribute(
      'href',
      `/payments/outstanding?pay=card&pay_merchant=${harbour.id}&pay_order=${ORDER_1042}`,
    );
    expect(screen.queryByRole('button', { name: /Collect payment/ })).toBeNull();
  });

  it('tells a café with nothing to pay that it owes its merchant nothing', async () => {
    stubReceivablesApi('customer', { [CAFE_LIST]: () => page([], AS_OF) });
    renderReceivables('customer', '/payments/outstanding');
    expect(
      await screen.findByText('You owe Harbour Wholesale nothing right now: every invoice is paid.'),
    ).toBeInTheDocument();
  });
});
