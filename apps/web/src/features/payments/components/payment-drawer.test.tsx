import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getPayment,
  IDEMPOTENCY_KEY_HEADER,
  listPayments,
  refundPayment,
  setPaymentState,
  voidPayment,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import {
  CREDIT_ID,
  ORDER_1042,
  PAYMENT_ID,
  paymentFixture,
  paymentSummaryFixture,
} from '../testing/payment-fixtures.ts';
import { json, page, renderPayments, stubPaymentsApi } from '../testing/payments-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const LIST = route(listPayments, { id: harbour.id });
const GET = route(getPayment, { id: harbour.id, pid: PAYMENT_ID });
const VOID = route(voidPayment, { id: harbour.id, pid: PAYMENT_ID });
const REFUND = route(refundPayment, { id: harbour.id, pid: PAYMENT_ID });
const STATE = route(setPaymentState, { id: harbour.id, pid: PAYMENT_ID });
const OPEN = `/payments?payment=${PAYMENT_ID}`;

const openDrawer = async () => screen.findByRole('dialog', { name: 'Payment 31' });

describe('a payment’s drawer', () => {
  it('opens from the list and shows its facts, the orders it pays and the credit it left', async () => {
    stubPaymentsApi('merchant', {
      [LIST]: () => page([paymentSummaryFixture()]),
      [GET]: () => json(200, paymentFixture({ notes: 'Paid two invoices at once' })),
    });
    const { router } = renderPayments('merchant', '/payments?state=SUCCESSFUL');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Payment 31' }));

    const drawer = within(await openDrawer());
    expect(new URLSearchParams(router.state.location.search).get('state')).toBe('SUCCESSFUL');
    expect(await drawer.findByText('Paid two invoices at once')).toBeInTheDocument();
    expect(drawer.getByText('Mia Chen')).toBeInTheDocument();
    const allocations = within(drawer.getByRole('table', { name: 'Allocations' }));
    expect(allocations.getByRole('link', { name: 'Order 1042' })).toHaveAttribute(
      'href',
      `/orders/${ORDER_1042}`,
    );
    expect(allocations.getByText('$123.45')).toBeInTheDocument();
    expect(drawer.getByText(/\$26\.55 left over became account credit/)).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: 'Credit 8' })).toHaveAttribute(
      'href',
      `/payments/credits?credit=${CREDIT_ID}`,
    );

    await userEvent.setup().click(drawer.getByRole('button', { name: 'Close payment' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('payment')).toBeNull());
  });

  it('asks before voiding, sends nothing when kept, and voids with an Idempotency-Key', async () => {
    let payment = paymentFixture();
    const api = stubPaymentsApi('merchant', {
      [LIST]: () => page([paymentSummaryFixture()]),
      [GET]: () => json(200, payment),
      [VOID]: () => {
        payment = paymentFixture({
          state: 'VOIDED',
          can_void: false,
          refundable_cents: 0,
          voided_at: '2025-03-12T00:00:00.000Z',
        });
        return json(200, payment);
      },
    });
    renderPayments('merchant', OPEN);
    const drawer = within(await openDrawer());
    const user = userEvent.setup();

    await user.click(await drawer.findByRole('button', { name: 'Void' }));
    const confirm = await screen.findByRole('dialog', { name: 'Void payment' });
    expect(confirm).toHaveTextContent('Void payment 31 of $200.00 from Café Aroma?');
    await user.click(within(confirm).getByRole('button', { name: 'Keep payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Void payment' })).toBeNull());
    expect(api.requestsTo(VOID)).toHaveLength(0);

    await user.click(drawer.getByRole('button', { name: 'Void' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Void payment' })).getByRole('button', {
        name: 'Void payment',
      }),
    );

    await waitFor(() => expect(drawer.queryByRole('button', { name: 'Void' })).toBeNull());
    expect(drawer.getAllByText('Voided').length).toBeGreaterThan(0);
    expect(api.requestsTo(VOID)).toHaveLength(1);
    expect(api.requestsTo(VOID)[0]!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[\w-]{8,}$/);
  });

  it('says why a void was refused, in the dialog', async () => {
    stubPaymentsApi('merchant', {
      [GET]: () => json(200, paymentFixture()),
      [LIST]: () => page([]),
      [VOID]: () =>
        json(409, {
          error_code: 'CONFLICT',
          message: 'Its overpayment credit was already spent: void that first.',
        }),
    });
    renderPayments('merchant', OPEN);
    const drawer = within(await openDrawer());
    const user = userEvent.setup();
    await user.click(await drawer.findByRole('button', { name: 'Void' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Void payment' }));
    await user.click(confirm.getByRole('button', { name: 'Void payment' }));

    expect(
      await confirm.findByText('Its overpayment credit was already spent: void that first.'),
    ).toBeInTheDocument();
  });

  it('refunds part of a payment with a reason, one Idempotency-Key for every submit of one opening', async () => {
    let calls = 0;
    const api = stubPaymentsApi('merchant', {
      [LIST]: () => page([]),
      [GET]: () => json(200, paymentFixture()),
      [REFUND]: () => {
        calls += 1;
        // The first answer is lost on the way (a timeout): the retry must be the same refund.
        if (calls === 1) return json(503, { error_code: 'SERVICE_UNAVAILABLE', message: 'Try again' });
        return json(201, paymentFixture({ refunded_cents: 5_000, refundable_cents: 15_000 }));
      },
    });
    renderPayments('merchant', OPEN);
    const drawer = within(await openDrawer());
    const user = userEvent.setup();
    await user.click(await drawer.findByRole('button', { name: 'Refund' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Refund payment 31' }));
    const amount = dialog.getByRole('textbox', { name: 'Amount to refund' });
    expect(amount).toHaveValue('200');
    expect(dialog.getByRole('button', { name: 'Refund $200.00 (in full)' })).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(dialog.getByRole('button', { name: 'Refund $250.00' }));
    expect(await dialog.findByText('At most $200.00 can be refunded')).toBeInTheDocument();
    expect(api.requestsTo(REFUND)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '50');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Two bottles broken');
    await user.click(dialog.getByRole('button', { name: 'Refund $50.00' }));
    expect(await screen.findByText(/SERVICE UNAVAILABLE/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund $50.00' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund payment 31' })).toBeNull());
    const sent = api.requestsTo(REFUND);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toEqual({ amount_cents: 5_000, reason: 'Two bottles broken' });
    expect(sent[1]!.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(sent[0]!.headers.get(IDEMPOTENCY_KEY_HEADER));
  });

  it('settles a pending payment by hand after asking, with its version', async () => {
    let payment = paymentFixture({
      state: 'PROCESSING',
      method: 'EXTERNAL_DIRECT_DEBIT',
      can_void: false,
      refundable_cents: 0,
      allowed_states: ['SUCCESSFUL', 'FAILED'],
    });
    const api = stubPaymentsApi('merchant', {
      [LIST]: () => page([]),
      [GET]: () => json(200, payment),
      [STATE]: () => {
        payment = { ...payment, state: 'SUCCESSFUL', allowed_states: [], version: 4 };
        return json(200, payment);
      },
    });
    renderPayments('merchant', OPEN);
    const drawer = within(await openDrawer());
    const user = userEvent.setup();
    expect(await drawer.findByRole('button', { name: 'Mark as failed' })).toBeInTheDocument();
    await user.click(drawer.getByRole('button', { name: 'Mark as received' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Mark as received' }));
    await user.click(confirm.getByRole('button', { name: 'Mark as received' }));

    expect(await drawer.findByText('Successful')).toBeInTheDocument();
    expect(api.requestsTo(STATE)[0]!.body).toEqual({ version: 3, state: 'SUCCESSFUL' });
  });

  it('offers no refund of a Stripe card payment, which is refunded from Stripe', async () => {
    stubPaymentsApi('merchant', {
      [LIST]: () => page([]),
      [GET]: () =>
        json(
          200,
          paymentFixture({
            method: 'STRIPE_CARD',
            can_void: false,
            surcharge_cents: 479,
            card: { brand: 'visa', last4: '4242', country: 'US' },
          }),
        ),
    });
    renderPayments('merchant', OPEN);
    const drawer = within(await openDrawer());

    expect(await drawer.findByText('Visa ending 4242 (US)')).toBeInTheDocument();
    expect(drawer.getByText('$4.79')).toBeInTheDocument();
    expect(drawer.getByText(/refunded from your Stripe dashboard/)).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('says so when the payment is not found (another organisation’s id)', async () => {
    const other = idOf(0x9999);
    stubPaymentsApi('merchant', {
      [LIST]: () => page([]),
      [route(getPayment, { id: harbour.id, pid: other })]: () =>
        json(404, { error_code: 'NOT_FOUND', message: 'Payment not found' }),
    });
    renderPayments('merchant', `/payments?payment=${other}`);

    const drawer = within(await screen.findByRole('dialog', { name: 'Payment' }));
    expect(await drawer.findByText(/There is no payment with this address/)).toBeInTheDocument();
  });
});
