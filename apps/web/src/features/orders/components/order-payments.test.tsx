import { screen, within } from '@testing-library/react';
import { getCurrentUser, getOrder, listOrderPayments, type PaymentSummary } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRecordPayment } from '#lib/record-payment-dialog.ts';
import { route } from '#testing/fake-api.ts';
import { harbour, idOf, merchantUser } from '#testing/fixtures.ts';
import {
  cafe,
  customerUser,
  json,
  ORDER_ID,
  orderFixture,
  orderPaymentsFixture,
  renderOrders,
  stubOrdersApi,
} from '../testing/orders-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const GET = route(getOrder, { id: ORDER_ID });
const PAYMENTS = route(listOrderPayments, { id: ORDER_ID });
const PATH = `/orders/${ORDER_ID}`;
const PAYMENT_ID = idOf(0x9001);

const transfer: PaymentSummary = {
  id: PAYMENT_ID,
  number: 31,
  merchant: { id: harbour.id, title: harbour.title },
  customer: { organisation_id: cafe.id, name: cafe.title },
  method: 'BANK_TRANSFER',
  state: 'SUCCESSFUL',
  amount_cents: 20_000,
  surcharge_cents: 0,
  refunded_cents: 0,
  unallocated_cents: 15_000,
  paid_on: '2025-03-10',
  reference: null,
  created_at: '2025-03-10T02:00:00.000Z',
  allocations: [
    {
      order_id: ORDER_ID,
      order_number: 1042,
      invoice_number: 1042,
      amount_cents: 5_000,
      refunded_cents: 1_000,
    },
  ],
};
const partlyPaid = orderPaymentsFixture({
  paid_cents: 4_000,
  outstanding_cents: 8_345,
  payment_status: 'PARTIALLY_PAID',
  payments: [transfer],
});

/** The Record payment dialog a link opens (lib/record-payment-dialog.ts), read from its address. */
const dialogOf = (link: HTMLElement) =>
  readRecordPayment(new URL(link.getAttribute('href') ?? '', 'http://localhost').searchParams);

describe('an order’s Payments section', () => {
  it('shows the merchant its payment status, what it paid and owes, and each payment', async () => {
    stubOrdersApi('merchant', {
      orders: { [GET]: () => json(200, orderFixture()), [PAYMENTS]: () => json(200, partlyPaid) },
    });
    renderOrders('merchant', PATH);

    const section = within(await screen.findByRole('region', { name: 'Payments' }));
    expect(await section.findByText('Partially Paid')).toBeInTheDocument();
    expect(section.getByText('Paid $40.00 of $123.45 · $83.45 outstanding')).toBeInTheDocument();
    const row = within(section.getByRole('link', { name: 'Payment 31' }).closest('tr')!);
    expect(section.getByRole('link', { name: 'Payment 31' })).toHaveAttribute(
      'href',
      `/payments?payment=${PAYMENT_ID}`,
    );
    expect(row.getByText('10/03/2025')).toBeInTheDocument();
    expect(row.getByText('Bank Transfer')).toBeInTheDocument();
    expect(row.getByText('Successful')).toBeInTheDocument();
    // What it paid of this order: its allocation less what was refunded of it.
    expect(row.getByText('$40.00')).toBeInTheDocument();
  });

  it('lets the merchant record a payment for the order, in the payments dialog opened by address', async () => {
    stubOrdersApi('merchant', { orders: { [GET]: () => json(200, orderFixture()) } });
    renderOrders('merchant', PATH);

    const section = within(await screen.findByRole('region', { name: 'Payments' }));
    expect(dialogOf(await section.findByRole('link', { name: 'Record payment' }))).toEqual({
      orderId: ORDER_ID,
    });
    expect(await section.findByText('No payments yet.')).toBeInTheDocument();
  });

  it('offers no recording for a paid order, and says when the customer’s payments are not tracked', async () => {
    stubOrdersApi('merchant', {
      orders: {
        [GET]: () => json(200, orderFixture({ payment_status: 'NOT_TRACKED' })),
        [PAYMENTS]: () => json(200, orderPaymentsFixture({ payment_status: 'NOT_TRACKED' })),
      },
    });
    renderOrders('merchant', PATH);

    const section = within(await screen.findByRole('region', { name: 'Payments' }));
    expect(await section.findByText('Payments are not tracked for this customer.')).toBeInTheDocument();
    expect(section.queryByRole('link', { name: 'Record payment' })).toBeNull();
  });

  it('shows a customer whose payments are tracked its payments, without recording', async () => {
    const tracked = { ...customerUser, customer: { payment_settings: { is_payments_enabled: true } } };
    stubOrdersApi('customer', {
      api: { [route(getCurrentUser)]: () => json(200, tracked) },
      orders: { [GET]: () => json(200, orderFixture()), [PAYMENTS]: () => json(200, partlyPaid) },
    });
    renderOrders('customer', PATH);

    const section = within(await screen.findByRole('region', { name: 'Payments' }));
    expect(await section.findByRole('link', { name: 'Payment 31' })).toBeInTheDocument();
    expect(section.queryByRole('link', { name: 'Record payment' })).toBeNull();
  });

  it('is not shown where payments are switched off (SPEC §2)', async () => {
    const api = stubOrdersApi('merchant', {
      api: {
        [route(getCurrentUser)]: () =>
          json(200, { ...merchantUser, settings: { ...merchantUser.settings, payments_enabled: false } }),
      },
      orders: { [GET]: () => json(200, orderFixture()) },
    });
    renderOrders('merchant', PATH);

    await screen.findByRole('heading', { level: 1, name: 'Order 1042' });
    expect(screen.queryByRole('region', { name: 'Payments' })).toBeNull();
    expect(api.requestsTo(PAYMENTS)).toHaveLength(0);
  });
});
