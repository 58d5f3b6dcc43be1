import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type AccountingSyncHealth,
  type AccountingSyncRecord,
  getCurrentUser,
  ACCOUNTING_SYNC_ENDPOINTS,
  getOrder,
  getXeroSyncHealth,
  retryXeroSync,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '#lib/format.ts';
import { route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { json, ORDER_ID, orderFixture, renderOrders, stubOrdersApi } from '../testing/orders-api-stub.tsx';

// The order's invoice in Xero, on the merchant's order screen, for its Admins.

afterEach(() => vi.unstubAllGlobals());

const GET = route(getOrder, { id: ORDER_ID });
const HEALTH = route(getXeroSyncHealth, { id: harbour.id });
const RETRY = route(retryXeroSync);
const QUICKBOOKS_HEALTH = route(ACCOUNTING_SYNC_ENDPOINTS.quickbooks.getHealth, { id: harbour.id });
const MYOB_HEALTH = route(ACCOUNTING_SYNC_ENDPOINTS.myob.getHealth, { id: harbour.id });
const QUICKBOOKS_RETRY = route(ACCOUNTING_SYNC_ENDPOINTS.quickbooks.retry);
const PATH = `/orders/${ORDER_ID}`;

const invoice: AccountingSyncRecord = {
  id: '00000000-0000-4000-8000-00000000a001',
  kind: 'INVOICE',
  source_id: ORDER_ID,
  label: 'INV-001042',
  status: 'FAILED',
  message: 'Xero refused it: Account code 200 is archived',
  attempts: 1,
  last_attempt_at: '2025-03-04T01:30:00.000Z',
  synced_at: null,
};

const healthOf = (...problems: AccountingSyncRecord[]): AccountingSyncHealth => ({
  counts: { PENDING: 0, WAITING: 0, SYNCED: 0, FAILED: 0, SKIPPED: 0 },
  problems,
});

/** Harbour Wholesale's Admin acting as a User instead. */
const harbourUser = {
  ...merchantUser,
  organisations: merchantUser.organisations.map((organisation) => ({
    ...organisation,
    user_level: 'User' as const,
  })),
};

function show(
  api: Parameters<typeof stubOrdersApi>[1]['api'] = {},
  who: 'merchant' | 'customer' = 'merchant',
) {
  const fake = stubOrdersApi(who, { api, orders: { [GET]: () => json(200, orderFixture()) } });
  renderOrders(who, PATH);
  return fake;
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Order 1042' });

describe('OrderSyncState', () => {
  it('shows a refused invoice with Xero’s words, and sends it again on Retry', async () => {
    let isRetried = false;
    const api = show({
      [HEALTH]: () =>
        json(
          200,
          healthOf(isRetried ? { ...invoice, status: 'PENDING', message: null, attempts: 0 } : invoice),
        ),
      [RETRY]: () => {
        isRetried = true;
        return json(200, { ...invoice, status: 'PENDING', message: null, attempts: 0 });
      },
    });

    const xero = within(await screen.findByRole('group', { name: 'Xero invoice' }));
    expect(xero.getByText('Failed')).toBeInTheDocument();
    expect(xero.getByText('Xero refused it: Account code 200 is archived')).toBeInTheDocument();
    expect(api.requestsTo(HEALTH)[0]?.query.get('source_id')).toBe(ORDER_ID);

    await userEvent.click(xero.getByRole('button', { name: 'Retry sending INV-001042 to Xero' }));

    expect(await screen.findByText('Sent again')).toBeInTheDocument();
    await waitFor(() => expect(xero.getByText('Sending')).toBeInTheDocument());
    expect(xero.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    expect(api.requestsTo(RETRY).map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST /api/v1/xero/organisation/${harbour.id}/settings/sync/${invoice.id}/retry`,
    ]);
    expect(api.requestsTo(HEALTH)).toHaveLength(2);
  });

  it('shows each connected book’s state, and retries in the one that refused it', async () => {
    const refused = { ...invoice, message: 'QuickBooks refused it: Duplicate Document Number Error' };
    const api = show({
      [HEALTH]: () => json(200, healthOf({ ...invoice, status: 'SYNCED', message: null })),
      [QUICKBOOKS_HEALTH]: () => json(200, healthOf(refused)),
      [MYOB_HEALTH]: () => json(409, { error_code: 'CONFLICT', message: 'MYOB Business is not connected.' }),
      [QUICKBOOKS_RETRY]: () => json(200, { ...refused, status: 'PENDING', message: null }),
    });

    const quickBooks = within(await screen.findByRole('group', { name: 'QuickBooks Online invoice' }));
    expect(quickBooks.getByText(refused.message)).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Xero invoice' })).getByText('Synced'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'MYOB Business invoice' })).not.toBeInTheDocument();

    await userEvent.click(
      quickBooks.getByRole('button', { name: 'Retry sending INV-001042 to QuickBooks Online' }),
    );
    await waitFor(() =>
      expect(api.requestsTo(QUICKBOOKS_RETRY).map((request) => request.path)).toEqual([
        `/api/v1/quickbooks/organisation/${harbour.id}/settings/sync/${invoice.id}/retry`,
      ]),
    );
    expect(api.requestsTo(RETRY)).toHaveLength(0);
  });

  it('shows a synced invoice with the day it was sent', async () => {
    const synced_at = '2025-03-05T03:00:00.000Z';
    show({
      [HEALTH]: () => json(200, healthOf({ ...invoice, status: 'SYNCED', message: null, synced_at })),
    });

    const xero = within(await screen.findByRole('group', { name: 'Xero invoice' }));
    expect(xero.getByText('Synced')).toBeInTheDocument();
    expect(xero.getByText(`on ${formatDate(synced_at)}`)).toBeInTheDocument();
    expect(xero.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing, and no toast, when the sync state is refused', async () => {
    const api = show({
      [HEALTH]: () => json(403, { error_code: 'FORBIDDEN', message: 'Only an Admin can do this.' }),
    });

    await heading();
    await waitFor(() => expect(api.requestsTo(HEALTH)).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Xero invoice' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Only an Admin/)).not.toBeInTheDocument();
  });

  it('shows nothing, and no toast, when Xero is not connected', async () => {
    const api = show({
      [HEALTH]: () => json(409, { error_code: 'CONFLICT', message: 'Xero is not connected.' }),
    });
    await heading();
    await waitFor(() => expect(api.requestsTo(HEALTH)).toHaveLength(1));
    expect(screen.queryByText(/not connected/)).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Xero invoice' })).not.toBeInTheDocument();
  });

  it('shows nothing when the order has no record', async () => {
    const api = show({ [HEALTH]: () => json(200, healthOf()) });
    await heading();
    await waitFor(() => expect(api.requestsTo(HEALTH)).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Xero invoice' })).not.toBeInTheDocument();
  });

  it('does not ask for a User of the merchant', async () => {
    const asUser = show({
      [route(getCurrentUser)]: () => json(200, harbourUser),
      [HEALTH]: () => json(200, healthOf(invoice)),
    });
    await heading();
    expect(asUser.requestsTo(HEALTH)).toHaveLength(0);
  });

  it('does not ask for a customer', async () => {
    const api = show({ [HEALTH]: () => json(200, healthOf(invoice)) }, 'customer');
    await heading();
    expect(api.requestsTo(HEALTH)).toHaveLength(0);
  });
});
