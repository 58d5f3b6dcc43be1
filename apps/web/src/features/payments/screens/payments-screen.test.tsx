import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getPayment, listPayments, searchPayments } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import { cafe, PAYMENT_ID, paymentFixture, paymentSummaryFixture } from '../testing/payment-fixtures.ts';
import { json, page, phoneMedia, renderPayments, stubPaymentsApi } from '../testing/payments-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const LIST = route(listPayments, { id: harbour.id });
const SEARCH = route(searchPayments, { id: harbour.id });
const bank = paymentSummaryFixture();
const refundedCard = paymentSummaryFixture({
  id: idOf(0x9002),
  number: 32,
  method: 'EXTERNAL_CARD',
  state: 'SUCCESSFUL',
  customer: { organisation_id: idOf(77), name: 'Bean There' },
  amount_cents: 250_000,
  refunded_cents: 5_000,
  reference: null,
  paid_on: '2025-03-11',
});
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('PaymentsScreen (merchant)', () => {
  it('lists the payments with number, date, customer, method, state, reference and amount', async () => {
    stubPaymentsApi('merchant', { [LIST]: () => page([bank, refundedCard]) });
    renderPayments('merchant', '/payments');

    expect(screen.getByRole('heading', { level: 1, name: 'All Payments' })).toBeInTheDocument();
    const first = within(
      await screen.findByRole('link', { name: 'Payment 31' }).then(() => rowOf('Payment 31')),
    );
    expect(first.getByText('10/03/2025')).toBeInTheDocument();
    expect(first.getByText('Café Aroma')).toBeInTheDocument();
    expect(first.getByText('Bank Transfer')).toBeInTheDocument();
    expect(first.getByText('Successful')).toBeInTheDocument();
    expect(first.getByText('NAB 884213')).toBeInTheDocument();
    expect(first.getByText('$200.00')).toBeInTheDocument();
    const second = within(rowOf('Payment 32'));
    expect(second.getByText('External Credit/Debit Card')).toBeInTheDocument();
    expect(second.getByText('$2,500.00')).toBeInTheDocument();
    expect(second.getByText('$50.00 refunded')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record payment' })).toBeInTheDocument();
  });

  it('sends the filters kept in the URL, and a chosen state updates the query and the address', async () => {
    const api = stubPaymentsApi('merchant', { [LIST]: () => page([bank]) });
    const { router } = renderPayments(
      'merchant',
      '/payments?method=BANK_TRANSFER&state=BOGUS&paid_from=2025-03-01&paid_to=not-a-date',
    );
    await screen.findByRole('link', { name: 'Payment 31' });
    const first = api.requestsTo(LIST)[0]!.query;
    expect(first.get('method')).toBe('BANK_TRANSFER');
    expect(first.get('paid_from')).toBe('2025-03-01');
    // What the URL holds that is not a state or a date is not sent.
    expect(first.get('state')).toBeNull();
    expect(first.get('paid_to')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Refunded' }));
    await waitFor(() => expect(api.requestsTo(LIST).at(-1)!.query.get('state')).toBe('REFUNDED'));
    expect(new URLSearchParams(router.state.location.search).get('state')).toBe('REFUNDED');
  });

  it('searches by number, reference or customer through the search endpoint, from 2 characters', async () => {
    const api = stubPaymentsApi('merchant', {
      [LIST]: () => page([bank, refundedCard]),
      [SEARCH]: () => page([refundedCard]),
    });
    renderPayments('merchant', '/payments');
    await screen.findByRole('link', { name: 'Payment 31' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: 'Search payments' }), 'B');
    expect(await screen.findByText('Type at least 2 characters, or a payment number')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search payments' }), 'ean');

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Payment 31' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Payment 32' })).toBeInTheDocument();
    expect(api.requestsTo(SEARCH).map((request) => request.query.get('q'))).toEqual(['Bean']);
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const api = stubPaymentsApi('merchant', {
      [LIST]: (request) => page(request.query.get('state') ? [] : [bank]),
    });
    const { router } = renderPayments('merchant', '/payments?state=FAILED');

    expect(await screen.findByText('No payments match')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByRole('link', { name: 'Payment 31' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(api.requestsTo(LIST).at(-1)!.query.get('state')).toBeNull();
  });

  it('invites the merchant to record the first payment when there are none', async () => {
    stubPaymentsApi('merchant', { [LIST]: () => page([]) });
    renderPayments('merchant', '/payments');

    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Record payment' })).toHaveLength(2);
  });

  it('says the payments could not be loaded, and loads them on Try again', async () => {
    let isDown = true;
    stubPaymentsApi('merchant', {
      [LIST]: () =>
        isDown
          ? json(503, { error_code: 'SERVICE_UNAVAILABLE', message: 'Try again shortly' })
          : page([bank]),
    });
    renderPayments('merchant', '/payments');

    expect(await screen.findByText('We could not load your payments')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Payment 31' })).toBeInTheDocument();
  });

  it('loads the next page with the cursor of the last', async () => {
    const api = stubPaymentsApi('merchant', {
      [LIST]: (request) => (request.query.get('cursor') ? page([refundedCard]) : page([bank], 'cursor-2')),
    });
    renderPayments('merchant', '/payments');
    await screen.findByRole('link', { name: 'Payment 31' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Payment 32' })).toBeInTheDocument();
    expect(api.requestsTo(LIST).at(-1)!.query.get('cursor')).toBe('cursor-2');
    expect(screen.getByText('Showing 2 payments')).toBeInTheDocument();
  });

  it('shows a card per payment on a phone', async () => {
    vi.stubGlobal('matchMedia', phoneMedia);
    stubPaymentsApi('merchant', { [LIST]: () => page([bank]) });
    renderPayments('merchant', '/payments');

    const card = within(await screen.findByRole('listitem', { name: 'Payment 31' }));
    expect(card.getByText('Café Aroma')).toBeInTheDocument();
    expect(card.getByText('10/03/2025 · Bank Transfer')).toBeInTheDocument();
    expect(card.getByText('Ref NAB 884213')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Payments' })).toBeNull();
  });
});

describe('PaymentsScreen (customer)', () => {
  it('lists its own payments by merchant, without recording or a customer filter', async () => {
    const list = route(listPayments, { id: cafe.id });
    const api = stubPaymentsApi('customer', {
      [list]: () => page([bank]),
      [route(getPayment, { id: cafe.id, pid: PAYMENT_ID })]: () =>
        json(200, paymentFixture({ can_void: false, refundable_cents: 0 })),
    });
    renderPayments('customer', '/payments');

    const row = within(
      await screen.findByRole('link', { name: 'Payment 31' }).then(() => rowOf('Payment 31')),
    );
    expect(row.getByText(harbour.title)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Merchant' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
    expect(api.requestsTo(list)).toHaveLength(1);

    // Its payment opens read-only.
    await userEvent.setup().click(screen.getByRole('link', { name: 'Payment 31' }));
    const drawer = await screen.findByRole('dialog', { name: 'Payment 31' });
    expect(await within(drawer).findByRole('table', { name: 'Allocations' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
