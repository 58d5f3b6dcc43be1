import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type AccountingSyncHealth,
  getCurrentUser,
  getXeroBooks,
  getXeroConnection,
  getXeroSyncHealth,
  retryXeroSync,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCurrentAccount } from '#lib/current-account.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { formatSyncTime } from '../model/sync-words.ts';
import { XeroSettingsScreen } from '../screens/accounting-settings-screen.tsx';
import {
  mappedFixture,
  syncHealthFixture,
  syncRecordFixture,
  xeroBooks,
} from '../testing/accounting-fixtures.ts';

// The Sync panel on /xero/settings once Xero is connected: counts by state, what failed or waits
// with Xero's words, and "Retry".

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const HEALTH = route(getXeroSyncHealth, { id: harbour.id });
const RETRY = route(retryXeroSync);

const failedInvoice = syncRecordFixture();
const waitingPayment = syncRecordFixture({
  id: '00000000-0000-4000-8000-00000000a002',
  kind: 'PAYMENT',
  source_id: '00000000-0000-4000-8000-000000000951',
  label: 'Payment #12',
  status: 'WAITING',
  message: 'Waits for INV-001042 to be sent.',
  attempts: 0,
  last_attempt_at: null,
});
const retryingInvoice = syncRecordFixture({
  id: '00000000-0000-4000-8000-00000000a003',
  source_id: '00000000-0000-4000-8000-000000000902',
  label: 'INV-001043',
  status: 'PENDING',
  message: 'Xero failed (503)',
  attempts: 1,
  last_attempt_at: '2025-03-05T02:15:00.000Z',
});

const troubled = syncHealthFixture({ SYNCED: 12, PENDING: 1, WAITING: 1, FAILED: 1, SKIPPED: 2 }, [
  failedInvoice,
  waitingPayment,
  retryingInvoice,
]);

function AsBehindTheGuard() {
  return useCurrentAccount().data ? <XeroSettingsScreen /> : null;
}

function show(health: FakeHandler, handlers: Record<string, FakeHandler> = {}) {
  const api = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, merchantUser),
    [route(getXeroConnection, { id: harbour.id })]: () => jsonResponse(200, mappedFixture),
    [route(getXeroBooks, { id: harbour.id })]: () => jsonResponse(200, xeroBooks),
    [HEALTH]: health,
    ...handlers,
  });
  vi.stubGlobal('fetch', api.stub);
  renderAsMerchant([{ path: '/xero/settings', element: <AsBehindTheGuard /> }], '/xero/settings');
  return api;
}

const answer = (health: AccountingSyncHealth) => () => jsonResponse(200, health);
const syncPanel = async () => within(await screen.findByRole('region', { name: 'Sync' }));
const rowOf = (table: HTMLElement, label: string) =>
  within(
    within(table)
      .getByRole('rowheader', { name: new RegExp(label) })
      .closest('tr')!,
  );

describe('Xero sync health', () => {
  it('counts the records by state and lists what failed or waits, with Xero’s words', async () => {
    show(answer(troubled));
    const panel = await syncPanel();

    const counts = within(await panel.findByRole('list', { name: 'Sent to Xero, by state' }));
    expect(counts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Synced 12',
      'Sending 1',
      'Waiting 1',
      'Failed 1',
      'Not sent 2',
    ]);

    const table = panel.getByRole('table', { name: 'Not in Xero yet' });
    const failed = rowOf(table, 'INV-001042');
    expect(failed.getByText('Invoice')).toBeInTheDocument();
    expect(failed.getByText('Failed')).toBeInTheDocument();
    expect(failed.getByText('Xero refused it: Account code 200 is archived')).toBeInTheDocument();
    expect(failed.getByText(formatSyncTime('2025-03-04T01:30:00.000Z'))).toBeInTheDocument();
    expect(failed.getByRole('button', { name: 'Retry INV-001042' })).toBeEnabled();

    const waiting = rowOf(table, 'Payment #12');
    expect(waiting.getByText('Payment')).toBeInTheDocument();
    expect(waiting.getByText('Waiting')).toBeInTheDocument();
    expect(waiting.getByText('Waits for INV-001042 to be sent.')).toBeInTheDocument();
    expect(waiting.getByText('Not yet')).toBeInTheDocument();
    expect(waiting.getByRole('button', { name: 'Retry Payment #12' })).toBeInTheDocument();

    // Being sent again after a failed attempt: its next try, which Retry sends now, not after the backoff.
    const sending = rowOf(table, 'INV-001043');
    expect(sending.getByText('Sending')).toBeInTheDocument();
    expect(sending.getByText('attempt 2')).toBeInTheDocument();
    expect(sending.getByText('Xero failed (503)')).toBeInTheDocument();
    expect(sending.getByRole('button', { name: 'Retry INV-001043' })).toBeEnabled();
  });

  it('sends a failed record again, keeps its button busy meanwhile, and loads the panel again', async () => {
    let isRetried = false;
    let answerRetry: (response: Response) => void = () => {};
    const api = show(
      () =>
        jsonResponse(
          200,
          isRetried
            ? syncHealthFixture({ SYNCED: 12, PENDING: 1 }, [
                { ...failedInvoice, status: 'PENDING', message: null, attempts: 0 },
              ])
            : syncHealthFixture({ SYNCED: 12, FAILED: 1 }, [failedInvoice]),
        ),
      {
        [RETRY]: () => {
          isRetried = true;
          return new Promise<Response>((resolve) => (answerRetry = resolve));
        },
      },
    );
    const panel = await syncPanel();
    const table = await panel.findByRole('table', { name: 'Not in Xero yet' });
    const retry = rowOf(table, 'INV-001042').getByRole('button', { name: 'Retry INV-001042' });

    await userEvent.click(retry);

    await waitFor(() => expect(retry).toBeDisabled());
    answerRetry(jsonResponse(200, { ...failedInvoice, status: 'PENDING', message: null, attempts: 0 }));
    expect(await screen.findByText('Sent again')).toBeInTheDocument();
    await waitFor(() => expect(rowOf(table, 'INV-001042').getByText('Sending')).toBeInTheDocument());
    expect(api.requestsTo(RETRY).map((request) => request.path)).toEqual([
      `/api/v1/xero/organisation/${harbour.id}/settings/sync/${failedInvoice.id}/retry`,
    ]);
    expect(api.requestsTo(RETRY)[0]?.method).toBe('POST');
    expect(api.requestsTo(HEALTH)).toHaveLength(2);
  });

  it('asks again every 10 seconds while anything is being sent or waits, and not once all is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    let health = troubled;
    const api = show(() => jsonResponse(200, health));
    const panel = await syncPanel();
    await panel.findByRole('table', { name: 'Not in Xero yet' });
    expect(api.requestsTo(HEALTH)).toHaveLength(1);

    health = syncHealthFixture({ SYNCED: 15, SKIPPED: 2 });
    await vi.advanceTimersByTimeAsync(10_000);

    expect(await panel.findByText('Everything has been sent to Xero')).toBeInTheDocument();
    expect(api.requestsTo(HEALTH)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.requestsTo(HEALTH)).toHaveLength(2);
  });

  it('says everything has been sent when nothing failed or waits', async () => {
    show(answer(syncHealthFixture({ SYNCED: 3 })));
    const panel = await syncPanel();

    expect(await panel.findByText('Everything has been sent to Xero')).toBeInTheDocument();
    expect(panel.getByText('3 records in your Xero books are up to date.')).toBeInTheDocument();
    expect(panel.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says nothing has been sent yet when there are no records', async () => {
    show(answer(syncHealthFixture()));
    const panel = await syncPanel();

    expect(await panel.findByText('Nothing has been sent yet')).toBeInTheDocument();
    expect(
      within(panel.getByRole('list', { name: 'Sent to Xero, by state' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Synced 0', 'Sending 0', 'Waiting 0', 'Failed 0', 'Not sent 0']);
  });

  it('says the panel could not be loaded, without a toast, and loads it again on Try again', async () => {
    let isDown = true;
    const api = show(() =>
      isDown
        ? jsonResponse(503, {
            error_code: 'SERVICE_UNAVAILABLE',
            message: 'The service is not answering just now. Try again in a minute.',
          })
        : jsonResponse(200, troubled),
    );
    const panel = await syncPanel();

    expect(await panel.findByText('We could not load what has been sent to Xero')).toBeInTheDocument();
    expect(screen.getAllByText('The service is not answering just now. Try again in a minute.')).toHaveLength(
      1,
    );
    isDown = false;
    await userEvent.click(panel.getByRole('button', { name: 'Try again' }));

    expect(await panel.findByRole('table', { name: 'Not in Xero yet' })).toBeInTheDocument();
    expect(api.requestsTo(HEALTH)).toHaveLength(2);
  });

  it('shows a skeleton while loading', async () => {
    show(() => new Promise<Response>(() => {}));
    const panel = await syncPanel();

    expect(await panel.findByText('Loading what has been sent to Xero')).toBeInTheDocument();
  });
});
