import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  chooseXeroTenant,
  completeXeroConnect,
  disconnectXero,
  getCurrentUser,
  getXeroBooks,
  getXeroConnection,
  getXeroSyncHealth,
  startXeroConnect,
} from '@tradeport/contract';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCurrentAccount } from '#lib/current-account.ts';
import { formatDate } from '#lib/format.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import {
  baysideBooks,
  choosingFixture,
  connectedFixture,
  connectionFixture,
  harbourBooks,
  harbourUser,
  syncHealthFixture,
  xeroBooks,
} from '../testing/accounting-fixtures.ts';
import { XeroSettingsScreen } from './accounting-settings-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const CONNECTION = route(getXeroConnection, { id: harbour.id });
const CONNECT = route(startXeroConnect, { id: harbour.id });
const OAUTH = route(completeXeroConnect, { id: harbour.id });
const TENANT = route(chooseXeroTenant, { id: harbour.id });
const DISCONNECT = route(disconnectXero, { id: harbour.id });

const CONSENT_URL = 'https://login.xero.test/identity/connect/authorize?state=signed-state';

/**
 * The screen once the person is known, as behind the app's session guard, in strict mode as in
 * development: mounted inside StrictMode, its first effects run twice, which must not send a code
 * twice. (StrictMode only runs again the effects of what mounts beneath it.)
 */
function AsBehindTheGuard() {
  return useCurrentAccount().data ? <XeroSettingsScreen /> : null;
}

function show(options: { handlers?: Record<string, FakeHandler>; path?: string; asUser?: boolean } = {}) {
  const api = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, options.asUser ? harbourUser : merchantUser),
    [CONNECTION]: () => jsonResponse(200, connectionFixture()),
    // Connected, the screen shows the mapping too (components/mapping-section.test.tsx).
    [route(getXeroBooks, { id: harbour.id })]: () => jsonResponse(200, xeroBooks),
    // …and how sending to it goes (components/sync-health-section.test.tsx).
    [route(getXeroSyncHealth, { id: harbour.id })]: () => jsonResponse(200, syncHealthFixture()),
    ...options.handlers,
  });
  vi.stubGlobal('fetch', api.stub);
  const element = (
    <StrictMode>
      <AsBehindTheGuard />
    </StrictMode>
  );
  const view = renderAsMerchant([{ path: '/xero/settings', element }], options.path ?? '/xero/settings');
  return { api, ...view };
}

/** Catches the full-page navigation to Xero, which jsdom cannot follow. */
function captureLeaving() {
  const assign = vi.fn<(url: string) => void>();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

const panel = async (name: string) => within(await screen.findByRole('region', { name }));

describe('AccountingSettingsScreen (Xero)', () => {
  it('titles the page as the route does and shows a skeleton while loading', async () => {
    show({ handlers: { [CONNECTION]: () => new Promise<Response>(() => {}) } });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Xero accounting integration settings' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the Xero settings');
  });

  it('says the settings could not be loaded, and loads them again on retry', async () => {
    let isRefusing = true;
    show({
      handlers: {
        [CONNECTION]: () =>
          isRefusing
            ? jsonResponse(404, { error_code: 'NOT_FOUND', message: 'Organisation not found.' })
            : jsonResponse(200, connectionFixture()),
      },
    });

    expect(await screen.findByText('We could not load the Xero settings')).toBeInTheDocument();
    expect(screen.getByText('Organisation not found.')).toBeInTheDocument();
    isRefusing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('button', { name: 'Connect to Xero' })).toBeInTheDocument();
  });

  it('tells a User that Admins manage integrations, without asking for the connection', async () => {
    const { api } = show({ asUser: true });

    expect(
      await screen.findByRole('heading', { name: 'Only Admins manage integrations' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect to Xero' })).not.toBeInTheDocument();
    expect(api.requestsTo(CONNECTION)).toHaveLength(0);
  });

  it('treats a refusal of the load as Admins only, and reloads the person’s level', async () => {
    const { api } = show({
      handlers: {
        [CONNECTION]: () =>
          jsonResponse(403, { error_code: 'FORBIDDEN', message: 'Only an Admin can do this.' }),
      },
    });

    expect(
      await screen.findByRole('heading', { name: 'Only Admins manage integrations' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(route(getCurrentUser)).length).toBeGreaterThan(1));
  });

  it('says Xero is not set up on this server, and what sets it up, with nothing to connect', async () => {
    show({ handlers: { [CONNECTION]: () => jsonResponse(200, connectionFixture({ is_set_up: false })) } });

    const title = await screen.findByText('Xero is not set up on this server');
    const box = title.closest('.mantine-Alert-root') as HTMLElement;
    for (const key of ['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET', 'ACCOUNTING_TOKEN_KEY']) {
      expect(within(box).getByText(key)).toBeInTheDocument();
    }
    expect(within(box).getByText(/Configuration in the README/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument();
  });

  it('explains connecting, and sends the browser to Xero’s consent page', async () => {
    const assign = captureLeaving();
    const { api } = show({ handlers: { [CONNECT]: () => jsonResponse(200, { url: CONSENT_URL }) } });
    const xero = await panel('Xero connection');
    expect(xero.getByText(/You sign in to Xero, allow Tradeport access there/)).toBeInTheDocument();
    expect(
      xero.getByText(
        'Once connected, Tradeport sends your invoices, the payments you receive and your credit notes to Xero.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(xero.getByRole('button', { name: 'Connect to Xero' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT_URL));
    expect(api.requestsTo(CONNECT)).toHaveLength(1);
  });

  it('says so when Xero does not answer the connect, and stays', async () => {
    const assign = captureLeaving();
    show({
      handlers: {
        [CONNECT]: () =>
          jsonResponse(503, {
            error_code: 'SERVICE_UNAVAILABLE',
            message: 'Xero is not answering just now. Try again in a minute.',
          }),
      },
    });
    const xero = await panel('Xero connection');

    await userEvent.click(xero.getByRole('button', { name: 'Connect to Xero' }));

    expect(await xero.findByRole('alert')).toHaveTextContent(
      'Xero is not answering just now. Try again in a minute.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('finishes connecting with the code Xero sent back, once, and cleans the address', async () => {
    const { api, router } = show({
      path: '/xero/settings?code=xero-code&state=signed-state&scope=openid&session_state=abc',
      handlers: { [OAUTH]: () => jsonResponse(200, connectedFixture) },
    });

    const xero = await panel('Xero connection');
    expect(xero.getByText(`Connected to ${harbourBooks.name}`)).toBeInTheDocument();
    expect(api.requestsTo(OAUTH).map((request) => request.body)).toEqual([
      { code: 'xero-code', state: 'signed-state' },
    ]);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows why the code was refused, and offers to connect again', async () => {
    const message = 'This connection was not started here, is someone else’s or has expired. Connect again.';
    const assign = captureLeaving();
    const { api, router } = show({
      path: '/xero/settings?code=xero-code&state=old-state',
      handlers: {
        [OAUTH]: () =>
          jsonResponse(400, {
            error_code: 'VALIDATION_ERROR',
            message,
            details: [{ path: 'state', message }],
          }),
        [CONNECT]: () => jsonResponse(200, { url: CONSENT_URL }),
      },
    });

    const xero = await panel('Xero connection');
    expect(await xero.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.search).toBe('');
    await userEvent.click(xero.getByRole('button', { name: 'Connect again' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT_URL));
    expect(api.requestsTo(OAUTH)).toHaveLength(1);
  });

  it('says nothing was connected when the person cancelled at Xero, and sends nothing', async () => {
    const { api, router } = show({ path: '/xero/settings?error=access_denied&state=signed-state' });

    expect(await screen.findByRole('status')).toHaveTextContent(
      'You cancelled at Xero; nothing was connected.',
    );
    expect(await screen.findByRole('button', { name: 'Connect to Xero' })).toBeInTheDocument();
    expect(api.requestsTo(OAUTH)).toHaveLength(0);
    expect(router.state.location.search).toBe('');
  });

  it('asks which organisation to sync to, and sends the choice with the connection’s version', async () => {
    const { api } = show({
      handlers: {
        [CONNECTION]: () => jsonResponse(200, choosingFixture),
        [TENANT]: () => jsonResponse(200, { ...connectedFixture, tenant: baysideBooks, version: 3 }),
      },
    });
    const choose = await panel('Choose the Xero organisation');
    const books = within(choose.getByRole('radiogroup', { name: 'Xero organisation' }));
    expect(books.getByRole('radio', { name: harbourBooks.name })).not.toBeChecked();

    await userEvent.click(choose.getByRole('button', { name: 'Use this organisation' }));
    expect(choose.getByText('Choose one of the organisations')).toBeInTheDocument();
    expect(api.requestsTo(TENANT)).toHaveLength(0);

    await userEvent.click(books.getByRole('radio', { name: baysideBooks.name }));
    await userEvent.click(choose.getByRole('button', { name: 'Use this organisation' }));

    // Within the panel: the toast says it too.
    expect(
      (await panel('Xero connection')).getByText(`Connected to ${baysideBooks.name}`),
    ).toBeInTheDocument();
    expect(api.requestsTo(TENANT).map((request) => request.body)).toEqual([
      { tenant_id: baysideBooks.id, version: 2 },
    ]);
  });

  it('reloads the connection and says it changed when the choice is refused as stale', async () => {
    // Another Admin chose meanwhile: loads after the refusal find it connected.
    let hasChanged = false;
    const { api } = show({
      handlers: {
        [CONNECTION]: () => jsonResponse(200, hasChanged ? connectedFixture : choosingFixture),
        [TENANT]: () => {
          hasChanged = true;
          return jsonResponse(409, {
            error_code: 'CONFLICT',
            message: 'The connection changed meanwhile. Reload it and choose again.',
          });
        },
      },
    });
    const choose = await panel('Choose the Xero organisation');
    await userEvent.click(choose.getByRole('radio', { name: baysideBooks.name }));
    await userEvent.click(choose.getByRole('button', { name: 'Use this organisation' }));

    expect(await screen.findByText('The Xero connection changed')).toBeInTheDocument();
    // Loaded again: what the other Admin chose.
    expect(
      (await panel('Xero connection')).getByText(`Connected to ${harbourBooks.name}`),
    ).toBeInTheDocument();
    expect(api.requestsTo(TENANT)).toHaveLength(1);
  });

  it('shows the organisation connected, by whom and when, and what is sent to Xero', async () => {
    show({ handlers: { [CONNECTION]: () => jsonResponse(200, connectedFixture) } });
    const xero = await panel('Xero connection');

    expect(xero.getByText(`Connected to ${harbourBooks.name}`)).toBeInTheDocument();
    expect(
      xero.getByText(`Connected by Mia Chen on ${formatDate('2025-03-04T01:00:00.000Z')}.`),
    ).toBeInTheDocument();
    expect(
      xero.getByText(
        'Tradeport sends each invoice to Xero when its order is placed (“Send invoices” under Mapping), ' +
          'each payment received and each credit note. Anything Xero does not accept is listed under Sync, with Retry.',
      ),
    ).toBeInTheDocument();
    expect(xero.queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Sync' })).toBeInTheDocument();
  });

  it('disconnects only once confirmed, with the connection’s version', async () => {
    const { api } = show({
      handlers: {
        [CONNECTION]: () => jsonResponse(200, connectedFixture),
        [DISCONNECT]: () => jsonResponse(200, connectionFixture({ version: 4 })),
      },
    });
    const xero = await panel('Xero connection');

    await userEvent.click(xero.getByRole('button', { name: 'Disconnect Xero' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Disconnect Xero?' }));
    expect(dialog.getByText(/will be revoked at Xero/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo(DISCONNECT)).toHaveLength(0);

    await userEvent.click(xero.getByRole('button', { name: 'Disconnect Xero' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Disconnect Xero?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Disconnect' }));

    expect(
      await (await panel('Xero connection')).findByRole('button', { name: 'Connect to Xero' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(DISCONNECT).map((request) => request.body)).toEqual([{ version: 3 }]);
  });

  it('asks to connect again when Xero no longer accepts the connection', async () => {
    const assign = captureLeaving();
    show({
      handlers: {
        [CONNECTION]: () => jsonResponse(200, { ...connectedFixture, status: 'NEEDS_RECONNECT' as const }),
        [CONNECT]: () => jsonResponse(200, { url: CONSENT_URL }),
      },
    });
    const xero = await panel('Xero connection');

    expect(xero.getByText('Xero no longer accepts Tradeport’s connection')).toBeInTheDocument();
    await userEvent.click(xero.getByRole('button', { name: 'Connect again' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT_URL));
  });
});
