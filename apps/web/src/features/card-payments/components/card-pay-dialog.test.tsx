import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type CardPaymentResult,
  getCardPaymentSetup,
  getCurrentUser,
  IDEMPOTENCY_KEY_HEADER,
  payByCard,
  quoteCardPayment,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, longSession } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import {
  cafe,
  customerUser,
  ORDER_1042,
  ORDER_1043,
  quoteFixture,
  resultFixture,
  setupFixture,
} from '../testing/card-payment-fixtures.ts';
import { installFakeStripe } from '../testing/fake-stripe.ts';
import { PayDialogHost } from './pay-dialog-host.tsx';

let stripe: ReturnType<typeof installFakeStripe>;

afterEach(() => {
  stripe?.uninstall();
  vi.unstubAllGlobals();
});

const SETUP = route(getCardPaymentSetup, { id: harbour.id });
const QUOTE = route(quoteCardPayment, { id: harbour.id });
const PAY = route(payByCard, { id: harbour.id });

function open(options: { search: string; quote?: FakeHandler; pay?: FakeHandler; setup?: FakeHandler }) {
  stripe = installFakeStripe();
  const api = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, customerUser),
    [SETUP]: options.setup ?? (() => jsonResponse(200, setupFixture())),
    [QUOTE]: options.quote ?? (() => jsonResponse(200, quoteFixture())),
    [PAY]: options.pay ?? (() => jsonResponse(201, resultFixture())),
  });
  vi.stubGlobal('fetch', api.stub);
  sessionStore.set(longSession);
  organisationIdStore.set(cafe.id);
  renderRoutes(
    withQueryClient([{ path: '/orders', element: <PayDialogHost /> }]),
    `/orders?${options.search}`,
  );
  return api;
}

const payOrder = `pay=card&pay_merchant=${harbour.id}&pay_order=${ORDER_1042}`;

/** Answers the pay call with each result in turn (the last again once they run out). */
function answers(...results: CardPaymentResult[]): FakeHandler {
  let call = 0;
  return () => jsonResponse(call === 0 ? 201 : 200, results[Math.min(call++, results.length - 1)]);
}

async function continueWithCard(dialog: ReturnType<typeof within>) {
  await dialog.findByText('Card number');
  await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
}

describe('the card pay dialog', () => {
  it('shows the surcharge for an overseas card and the total before paying, then pays that total', async () => {
    const api = open({ search: payOrder });
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay by card' }));
    expect(await dialog.findByText('Order 1042, due 18/03/2025: $123.45')).toBeInTheDocument();
    expect(dialog.queryByText(/Order 1043/)).not.toBeInTheDocument();
    expect(dialog.getByText(/adds a card surcharge/)).toHaveTextContent(
      'cards issued in Australia 1.7 % + $0.30; cards issued outside Australia 3.5 % + $0.30',
    );
    expect(stripe.calls.constructed).toEqual([{ key: 'pk_test_fixture', account: 'acct_fixture' }]);
    expect(stripe.calls.elements).toEqual([{ amount: 12_345, currency: 'aud' }]);

    await continueWithCard(dialog);

    const summary = within(await dialog.findByRole('table', { name: 'Payment summary' }));
    expect(dialog.getByText('Visa ending 4242, issued in United States')).toBeInTheDocument();
    expect(summary.getByRole('row', { name: 'Order 1042 $123.45' })).toBeInTheDocument();
    expect(
      summary.getByRole('row', {
        name: 'Card surcharge (3.5 % + $0.30, card issued outside Australia) $4.79',
      }),
    ).toBeInTheDocument();
    expect(summary.getByRole('row', { name: 'Total $128.24' })).toBeInTheDocument();
    expect(api.requestsTo(QUOTE)[0]?.body).toEqual({
      order_ids: [ORDER_1042],
      confirmation_token: 'ctoken_fake_1',
    });
    // Nothing is charged before the payer has seen the total and pressed Pay.
    expect(api.requestsTo(PAY)).toHaveLength(0);

    await userEvent.click(dialog.getByRole('button', { name: 'Pay $128.24' }));

    expect(await dialog.findByRole('status')).toHaveTextContent('Payment received');
    const [paid] = api.requestsTo(PAY);
    expect(paid?.body).toEqual({
      order_ids: [ORDER_1042],
      confirmation_token: 'ctoken_fake_1',
      expected_total_cents: 12_824,
    });
    expect(paid?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows no surcharge line when there is none', async () => {
    open({
      search: payOrder,
      quote: () =>
        jsonResponse(
          200,
          quoteFixture({
            card: { brand: 'visa', last4: '0006', country: 'AU', region: 'DOMESTIC' },
            surcharge: null,
            surcharge_cents: 0,
            total_cents: 12_345,
          }),
        ),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay by card' }));
    await continueWithCard(dialog);

    const summary = within(await dialog.findByRole('table', { name: 'Payment summary' }));
    expect(summary.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Order 1042$123.45',
      'Total$123.45',
    ]);
    expect(dialog.queryByText(/surcharge/i)).not.toBeInTheDocument();
    expect(dialog.getByText('Visa ending 0006, issued in Australia')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Pay $123.45' })).toBeInTheDocument();
  });

  it('lets the bank confirm, then reads the payment again with the same key until it is paid', async () => {
    const api = open({
      search: payOrder,
      pay: answers(
        resultFixture({ state: 'PROCESSING', client_secret: 'pi_1_secret_2' }),
        resultFixture({ state: 'PROCESSING' }),
        resultFixture({ state: 'SUCCESSFUL' }),
      ),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay by card' }));
    await continueWithCard(dialog);
    await userEvent.click(await dialog.findByRole('button', { name: 'Pay $128.24' }));

    expect(await dialog.findByText('Payment received', {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(stripe.calls.nextActions).toEqual(['pi_1_secret_2']);
    const keys = api.requestsTo(PAY).map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('says why a card was declined and pays with another card as a new attempt', async () => {
    const api = open({
      search: payOrder,
      pay: answers(
        resultFixture({ state: 'FAILED', failure_message: 'Your card was declined.' }),
        resultFixture({ state: 'SUCCESSFUL' }),
      ),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay by card' }));
    await continueWithCard(dialog);
    await userEvent.click(await dialog.findByRole('button', { name: 'Pay $128.24' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Your card was declined.');

    await userEvent.click(dialog.getByRole('button', { name: 'Try another card' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Pay $128.24' }));

    expect(await dialog.findByText('Payment received')).toBeInTheDocument();
    const attempts = api.requestsTo(PAY);
    expect(
      attempts.map((request) => (request.body as { confirmation_token: string }).confirmation_token),
    ).toEqual(['ctoken_fake_1', 'ctoken_fake_2']);
    const [first, second] = attempts.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(first).not.toBe(second);
  });

  it('pays everything outstanding, or only the orders left ticked', async () => {
    const api = open({ search: `pay=card&pay_merchant=${harbour.id}` });
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay outstanding' }));
    const orders = within(await dialog.findByRole('group', { name: /Orders to pay/ }));
    expect(orders.getByRole('checkbox', { name: 'Order 1042, due 18/03/2025: $123.45' })).toBeChecked();
    expect(orders.getByRole('checkbox', { name: 'Order 1043, due 19/03/2025: $40.00' })).toBeChecked();
    await continueWithCard(dialog);
    await dialog.findByRole('table', { name: 'Payment summary' });
    // Everything: the server pays what is outstanding when it pays.
    expect(api.requestsTo(QUOTE)[0]?.body).toEqual({ confirmation_token: 'ctoken_fake_1' });

    await userEvent.click(dialog.getByRole('button', { name: 'Change card' }));
    const again = within(await dialog.findByRole('group', { name: /Orders to pay/ }));
    await userEvent.click(again.getByRole('checkbox', { name: /Order 1042/ }));
    await waitFor(() => expect(stripe.calls.updates.at(-1)).toBe(4_000));
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.requestsTo(QUOTE)).toHaveLength(2));
    expect(api.requestsTo(QUOTE)[1]?.body).toEqual({
      order_ids: [ORDER_1043],
      confirmation_token: 'ctoken_fake_2',
    });
  });

  it('says why card payment is not available', async () => {
    open({
      search: payOrder,
      setup: () =>
        jsonResponse(
          200,
          setupFixture({
            is_available: false,
            unavailable_reason: 'Harbour Wholesale does not take card payments yet.',
            stripe: null,
            orders: [],
            payable_cents: 0,
          }),
        ),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay by card' }));
    expect(await dialog.findByText('Harbour Wholesale does not take card payments yet.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});
