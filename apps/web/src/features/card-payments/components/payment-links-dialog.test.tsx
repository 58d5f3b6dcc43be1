import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createPaymentLink,
  getCurrentUser,
  getInvoicePaymentSetup,
  getOrder,
  listCustomers,
  listPaymentLinks,
  type PaymentLink,
  revokePaymentLink,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, idOf, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import {
  cafe,
  CUSTOMER_ACCOUNT_ID,
  ORDER_1042,
  orderFixture,
  setupFixture,
} from '../testing/card-payment-fixtures.ts';
import { installFakeStripe } from '../testing/fake-stripe.ts';
import { PayDialogHost } from './pay-dialog-host.tsx';

afterEach(() => vi.unstubAllGlobals());

const LINK_ID = idOf(0x11);
const LIST = route(listPaymentLinks, { id: harbour.id });
const CREATE = route(createPaymentLink, { id: harbour.id });
const REVOKE = route(revokePaymentLink, { id: harbour.id, lid: LINK_ID });

const balanceLink: PaymentLink = {
  id: LINK_ID,
  state: 'ACTIVE',
  customer: { id: CUSTOMER_ACCOUNT_ID, name: cafe.title },
  order: null,
  created_at: '2025-03-04T01:00:00.000Z',
  expires_at: '2025-03-18T01:00:00.000Z',
  revoked_at: null,
};

/** The order screen's customer: the order names its customer's account. */
const orderLookup: Record<string, FakeHandler> = {
  [route(getOrder, { id: ORDER_1042 })]: () => jsonResponse(200, orderFixture()),
};

function open(search: string, handlers: Record<string, FakeHandler>) {
  const api = fakeFetch({ [route(getCurrentUser)]: () => jsonResponse(200, merchantUser), ...handlers });
  vi.stubGlobal('fetch', api.stub);
  sessionStore.set(longSession);
  organisationIdStore.set(harbour.id);
  renderRoutes(withQueryClient([{ path: '/orders', element: <PayDialogHost /> }]), `/orders?${search}`);
  return api;
}

describe('payment links', () => {
  it('makes a link for an order’s customer, shows it to copy, and lists it', async () => {
    let links: PaymentLink[] = [];
    const api = open(`pay=links&pay_order=${ORDER_1042}`, {
      ...orderLookup,
      [LIST]: () => jsonResponse(200, { items: links, next_cursor: null }),
      [CREATE]: () => {
        links = [{ ...balanceLink, order: { id: ORDER_1042, number: 1042 } }];
        return jsonResponse(201, {
          ...links[0],
          url: 'http://localhost/pay/tok_abcdefghijklmnop',
          token: 'tok',
        });
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment links' }));
    expect(await dialog.findByText('No payment links yet.')).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'Order 1042' })).toBeChecked();

    await userEvent.click(dialog.getByRole('button', { name: 'Create link' }));

    expect(await dialog.findByRole('textbox', { name: 'Payment link' })).toHaveValue(
      'http://localhost/pay/tok_abcdefghijklmnop',
    );
    expect(dialog.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(api.requestsTo(CREATE)[0]?.body).toEqual({
      customer_id: CUSTOMER_ACCOUNT_ID,
      order_id: ORDER_1042,
      expires_in_days: 14,
    });
    const table = within(await dialog.findByRole('table', { name: 'Payment links' }));
    expect(table.getByRole('rowheader', { name: 'Order 1042' })).toBeInTheDocument();
    expect(api.requestsTo(LIST)[0]?.query.get('customer_id')).toBe(CUSTOMER_ACCOUNT_ID);
  });

  it('revokes a link only once confirmed', async () => {
    let links = [balanceLink];
    const api = open(`pay=links&pay_customer=${CUSTOMER_ACCOUNT_ID}`, {
      [LIST]: () => jsonResponse(200, { items: links, next_cursor: null }),
      [REVOKE]: () => {
        links = [{ ...balanceLink, state: 'REVOKED', revoked_at: '2025-03-05T01:00:00.000Z' }];
        return jsonResponse(200, links[0]);
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment links' }));
    const row = within((await dialog.findByRole('rowheader', { name: 'Whole balance' })).closest('tr')!);
    expect(row.getByText('Active')).toBeInTheDocument();
    expect(dialog.queryByRole('radio')).not.toBeInTheDocument();

    await userEvent.click(row.getByRole('button', { name: /Revoke the link for whole balance/ }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke this payment link?' }));
    expect(api.requestsTo(REVOKE)).toHaveLength(0);
    await userEvent.click(confirm.getByRole('button', { name: 'Revoke link' }));

    await waitFor(() => expect(dialog.getByText('Revoked')).toBeInTheDocument());
    expect(api.requestsTo(REVOKE)).toHaveLength(1);
  });
});

describe('taking a card payment for an order', () => {
  it('finds the order’s customer account and asks what it can pay by card', async () => {
    const stripe = installFakeStripe();
    try {
      const SETUP = route(getInvoicePaymentSetup, { id: harbour.id, pid: CUSTOMER_ACCOUNT_ID });
      const api = open(`pay=card&pay_order=${ORDER_1042}`, {
        ...orderLookup,
        [SETUP]: () => jsonResponse(200, setupFixture()),
      });
      const dialog = within(await screen.findByRole('dialog', { name: 'Take card payment' }));
      expect(await dialog.findByText(`Card payment from ${cafe.title}`)).toBeInTheDocument();
      expect(dialog.getByText('Order 1042, due 18/03/2025: $123.45')).toBeInTheDocument();
      expect(api.requestsTo(SETUP)).toHaveLength(1);
      // The order names the account: no search of the customers by name.
      expect(api.requestsTo(route(listCustomers, { id: harbour.id }))).toHaveLength(0);
    } finally {
      stripe.uninstall();
    }
  });
});
