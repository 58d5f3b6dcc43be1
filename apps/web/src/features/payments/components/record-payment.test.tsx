import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getOrder,
  getPayment,
  IDEMPOTENCY_KEY_HEADER,
  listCustomers,
  listOutstandingOrders,
  listPayments,
  recordPayment,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import {
  cafe,
  cafeCustomer,
  ORDER_1042,
  ORDER_1043,
  orderFixture,
  PAYMENT_ID,
  owingOrders,
  paymentFixture,
} from '../testing/payment-fixtures.ts';
import { json, page, renderPayments, stubPaymentsApi } from '../testing/payments-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const RECORD = route(recordPayment, { id: harbour.id });
const OWING = route(listOutstandingOrders, { id: harbour.id });
const routes = {
  [route(listPayments, { id: harbour.id })]: () => page([]),
  [route(listCustomers, { id: harbour.id })]: () => page([cafeCustomer]),
  [OWING]: () => json(200, owingOrders()),
  [route(getPayment, { id: harbour.id, pid: PAYMENT_ID })]: () => json(200, paymentFixture()),
};

const dialog = () => within(screen.getByRole('dialog', { name: 'Record payment' }));
const summary = () => dialog().getByTestId('allocation-summary');

async function chooseCafe(user: ReturnType<typeof userEvent.setup>) {
  await user.type(dialog().getByRole('combobox', { name: /Customer/ }), 'Caf');
  await user.click(await screen.findByRole('option', { name: cafe.title }));
}

describe('Record payment', () => {
  it('allocates the amount to the customer’s orders oldest first, says what becomes credit, and records it once', async () => {
    const api = stubPaymentsApi('merchant', { ...routes, [RECORD]: () => json(201, paymentFixture()) });
    const { router } = renderPayments('merchant', '/payments');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('link', { name: 'Record payment' }))[0]!);
    await screen.findByRole('dialog', { name: 'Record payment' });

    await chooseCafe(user);
    expect(await dialog().findByRole('textbox', { name: 'Order 1042' })).toBeInTheDocument();
    expect(api.requestsTo(OWING)[0]!.query.get('customer_organisation_id')).toBe(cafe.id);
    await user.type(dialog().getByRole('textbox', { name: 'Amount' }), '200');

    // Oldest due first, each up to what it owes; the rest becomes credit.
    expect(dialog().getByRole('textbox', { name: 'Order 1042' })).toHaveValue('123.45');
    expect(dialog().getByRole('textbox', { name: 'Order 1043' })).toHaveValue('50.00');
    expect(summary()).toHaveTextContent(
      'Allocated $173.45 of $200.00. $26.55 left over becomes account credit for Café Aroma.',
    );

    await user.type(dialog().getByRole('textbox', { name: 'Reference' }), 'NAB 884213');
    await user.dblClick(dialog().getByRole('button', { name: 'Record payment' }));

    // Recorded: the dialog closes and the payment opens over the list.
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('payment')).toBe(PAYMENT_ID),
    );
    expect(screen.queryByRole('dialog', { name: 'Record payment' })).toBeNull();
    expect(await screen.findByText('Payment 31 recorded')).toBeInTheDocument();
    // However many requests the double click made, they carry one key: the server records one payment.
    const sent = api.requestsTo(RECORD);
    const keys = new Set(sent.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER)));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[\w-]{8,}$/);
    expect(sent[0]!.body).toEqual({
      customer_organisation_id: cafe.id,
      method: 'BANK_TRANSFER',
      state: 'SUCCESSFUL',
      amount_cents: 20_000,
      paid_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reference: 'NAB 884213',
      notes: null,
      allocations: [
        { order_id: ORDER_1042, amount_cents: 12_345 },
        { order_id: ORDER_1043, amount_cents: 5_000 },
      ],
    });
  });

  it('checks the allocations as they are typed and sends nothing that does not add up', async () => {
    const api = stubPaymentsApi('merchant', { ...routes, [RECORD]: () => json(201, paymentFixture()) });
    renderPayments('merchant', '/payments?record_payment=1');
    const user = userEvent.setup();
    await chooseCafe(user);
    const order1043 = await dialog().findByRole('textbox', { name: 'Order 1043' });
    await user.type(dialog().getByRole('textbox', { name: 'Amount' }), '100');

    await user.clear(order1043);
    await user.type(order1043, '60');
    expect(await dialog().findByText('More than order 1043 owes ($50.00)')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('The allocations add up to $160.00, more than the payment’s $100.00');

    await user.click(dialog().getByRole('button', { name: 'Record payment' }));
    expect(dialog().getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      'The allocations add up to $160.00, more than the payment’s $100.00',
    );
    expect(api.requestsTo(RECORD)).toHaveLength(0);

    // Allocate oldest first puts it right again.
    await user.click(dialog().getByRole('button', { name: 'Allocate oldest first' }));
    expect(order1043).toHaveValue('');
    expect(summary()).toHaveTextContent('Allocated $100.00 of $100.00.');
  });

  it('shows the server’s refusal on the order it names, and retries with the same Idempotency-Key', async () => {
    let calls = 0;
    const api = stubPaymentsApi('merchant', {
      ...routes,
      [RECORD]: () => {
        calls += 1;
        if (calls > 1) return json(201, paymentFixture());
        return json(422, {
          error_code: 'VALIDATION_FAILED',
          message: 'The allocations do not add up: Order #1043 has nothing outstanding.',
          // The second allocation sent: order 1043.
          details: [
            { path: 'body.allocations.1.amount_cents', message: 'Order #1043 has nothing outstanding' },
          ],
        });
      },
    });
    renderPayments('merchant', '/payments?record_payment=1');
    const user = userEvent.setup();
    await chooseCafe(user);
    await dialog().findByRole('textbox', { name: 'Order 1043' });
    await user.type(dialog().getByRole('textbox', { name: 'Amount' }), '150');
    await user.click(dialog().getByRole('button', { name: 'Record payment' }));

    const order1043 = dialog().getByRole('textbox', { name: 'Order 1043' });
    await waitFor(() => expect(order1043).toHaveAccessibleDescription(/Order #1043 has nothing outstanding/));
    expect(dialog().getByRole('textbox', { name: 'Order 1042' })).not.toHaveAccessibleDescription(
      /outstanding$/,
    );

    await user.clear(order1043);
    expect(order1043).not.toHaveAccessibleDescription(/has nothing outstanding/);
    await user.click(dialog().getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record payment' })).toBeNull());
    const [first, second] = api.requestsTo(RECORD);
    expect(second!.body).toMatchObject({ allocations: [{ order_id: ORDER_1042, amount_cents: 12_345 }] });
    expect(second!.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(first!.headers.get(IDEMPOTENCY_KEY_HEADER));
  });

  it('opened for an order, starts from its customer and what it owes, that order first', async () => {
    const api = stubPaymentsApi('merchant', {
      ...routes,
      [route(getOrder, { id: ORDER_1043 })]: () => json(200, orderFixture()),
      [RECORD]: () => json(201, paymentFixture()),
    });
    renderPayments('merchant', `/orders/${ORDER_1043}?record_payment=1&record_order=${ORDER_1043}`);

    expect(await dialog().findByRole('textbox', { name: 'Order 1043' })).toHaveValue('50.00');
    expect(dialog().getByRole('textbox', { name: 'Order 1042' })).toHaveValue('');
    expect(dialog().getByRole('textbox', { name: 'Amount' })).toHaveValue('50');
    expect(dialog().getByRole('combobox', { name: /Customer/ })).toHaveValue(cafe.title);

    await userEvent.setup().click(dialog().getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.requestsTo(RECORD)).toHaveLength(1));
    expect(api.requestsTo(RECORD)[0]!.body).toMatchObject({
      amount_cents: 5_000,
      allocations: [{ order_id: ORDER_1043, amount_cents: 5_000 }],
    });
  });

  it('asks for the customer and the amount before anything is sent', async () => {
    const api = stubPaymentsApi('merchant', routes);
    renderPayments('merchant', '/payments?record_payment=1');
    const user = userEvent.setup();
    await user.click(await dialog().findByRole('button', { name: 'Record payment' }));

    expect(await dialog().findByText('Choose the customer who paid')).toBeInTheDocument();
    expect(dialog().getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      'Enter the amount received',
    );
    expect(api.requestsTo(RECORD)).toHaveLength(0);
  });
});
