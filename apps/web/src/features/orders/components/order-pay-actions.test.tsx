import { screen } from '@testing-library/react';
import { getCurrentUser, getOrder, listOrders } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPayDialog } from '#lib/pay-dialog.ts';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import {
  cafe,
  customerUser,
  json,
  ORDER_ID,
  orderFixture,
  page,
  renderOrders,
  stubOrdersApi,
  summaryFixture,
} from '../testing/orders-api-stub.tsx';

afterEach(() => vi.unstubAllGlobals());

const GET = route(getOrder, { id: ORDER_ID });
const PATH = `/orders/${ORDER_ID}`;

/** The pay dialog a link opens (lib/pay-dialog.ts), read from its address. */
const dialogOf = (link: HTMLElement) =>
  readPayDialog(new URL(link.getAttribute('href') ?? '', 'http://localhost').searchParams);

describe('card payment from an order', () => {
  it('offers the customer to pay an order that still owes, in the card-payments dialog', async () => {
    stubOrdersApi('customer', { orders: { [GET]: () => json(200, orderFixture()) } });
    renderOrders('customer', PATH);

    const pay = await screen.findByRole('link', { name: 'Pay by card' });
    expect(dialogOf(pay)).toEqual({ kind: 'card', merchantId: harbour.id, orderId: ORDER_ID });
  });

  it('offers nothing to pay on a paid order, or one whose payments are not tracked', async () => {
    for (const payment of [
      { payment_status: 'PAID' as const, paid_cents: 12_345, outstanding_cents: 0 },
      { payment_status: 'NOT_TRACKED' as const, paid_cents: 0, outstanding_cents: 12_345 },
    ]) {
      stubOrdersApi('customer', { orders: { [GET]: () => json(200, orderFixture(payment)) } });
      const view = renderOrders('customer', PATH);
      await screen.findByRole('heading', { level: 1, name: 'Order 1042' });
      expect(screen.queryByRole('link', { name: 'Pay by card' })).not.toBeInTheDocument();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('lets the merchant take a card payment or make a payment link for the order', async () => {
    stubOrdersApi('merchant', { orders: { [GET]: () => json(200, orderFixture()) } });
    renderOrders('merchant', PATH);

    expect(dialogOf(await screen.findByRole('link', { name: 'Take card payment' }))).toEqual({
      kind: 'card',
      orderId: ORDER_ID,
    });
    expect(dialogOf(screen.getByRole('link', { name: 'Payment link' }))).toEqual({
      kind: 'links',
      orderId: ORDER_ID,
    });
  });

  it('offers a customer whose payments are tracked to pay everything outstanding from its orders', async () => {
    const tracked = { ...customerUser, customer: { payment_settings: { is_payments_enabled: true } } };
    stubOrdersApi('customer', {
      api: { [route(getCurrentUser)]: () => json(200, tracked) },
      orders: { [route(listOrders, { id: cafe.id })]: () => page([summaryFixture()]) },
    });
    renderOrders('customer', '/orders');

    expect(dialogOf(await screen.findByRole('link', { name: 'Pay outstanding' }))).toEqual({ kind: 'card' });
  });
});
