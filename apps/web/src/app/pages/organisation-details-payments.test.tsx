import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type CurrentUser,
  getCurrentUser,
  getOrganisation,
  getOrganisationSettings,
  listMembers,
  listMyInvitations,
  type OrganisationSettings,
  updateOrganisationSettings,
} from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, type FakeHandler, route } from '#testing/fake-api.ts';
import { harbour, harbourOrganisation, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes } from '#testing/render-routes.tsx';
import { appRoutes } from '../router.tsx';

// The merchant's "Track payments and credits" switch on /organisations/details, in the whole app
// so the side menu can be seen to follow it without a reload.

const organisation = harbourOrganisation();

// Mantine puts the description inside the switch's label, so the name starts with the label.
const SWITCH_NAME = /^Track payments and credits/;

const SETTINGS = route(getOrganisationSettings, { id: harbour.id });
const UPDATE = route(updateOrganisationSettings, { id: harbour.id });

/** The app as Harbour's only Admin, against a server whose settings the PATCH changes. */
function serve(options: {
  isPaymentsOn: boolean;
  /** Answers the settings' read instead of the server, when it says no. */
  load?: (settings: OrganisationSettings) => Response | undefined;
  update?: FakeHandler;
  currentUser?: CurrentUser;
}) {
  let settings: OrganisationSettings = {
    payments_enabled: options.isPaymentsOn,
    advanced_tax_enabled: false,
    time_zone: 'Australia/Sydney',
    gst_rounding: 'PER_LINE',
  };
  const me = (): CurrentUser => ({
    ...(options.currentUser ?? merchantUser),
    organisations: [harbour],
    settings: { payments_enabled: settings.payments_enabled, advanced_tax_enabled: false },
  });
  const api = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, me()),
    [route(listMyInvitations)]: answer(200, []),
    [route(getOrganisation, { id: harbour.id })]: answer(200, organisation),
    [route(listMembers, { id: harbour.id })]: answer(200, { members: [], invitations: [] }),
    [SETTINGS]: () => options.load?.(settings) ?? jsonResponse(200, settings),
    [UPDATE]:
      options.update ??
      ((request) => {
        settings = { ...settings, ...(request.body as Partial<OrganisationSettings>) };
        return jsonResponse(200, settings);
      }),
  });
  vi.stubGlobal('fetch', api.stub);
  return api;
}

const menu = () => within(screen.getByRole('navigation', { name: 'Main' }));

beforeEach(() => {
  sessionStore.set(longSession);
  organisationIdStore.set(harbour.id);
});
afterEach(() => vi.unstubAllGlobals());

describe('Organisation details: the payments switch', () => {
  it('switches payments on at once, and the Payments menu appears without a reload', async () => {
    const api = serve({ isPaymentsOn: false });
    renderRoutes(appRoutes, '/organisations/details');
    const user = userEvent.setup();

    const toggle = await screen.findByRole('switch', { name: SWITCH_NAME });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/Adds Payments to the menu/)).toBeInTheDocument();
    expect(menu().queryByRole('link', { name: 'All Payments' })).toBeNull();

    await user.click(toggle);

    expect(await screen.findByText('Payments switched on')).toBeInTheDocument();
    expect(api.requestsTo(UPDATE).map((request) => request.body)).toEqual([{ payments_enabled: true }]);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(menu().getByRole('link', { name: 'All Payments' })).toBeInTheDocument());
  });

  it('asks before switching payments off; cancelled, nothing changes', async () => {
    const api = serve({ isPaymentsOn: true });
    renderRoutes(appRoutes, '/organisations/details');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: SWITCH_NAME });
    expect(toggle).toBeChecked();
    expect(menu().getByRole('link', { name: 'All Payments' })).toBeInTheDocument();

    await user.click(toggle);
    const dialog = within(await screen.findByRole('dialog', { name: 'Switch payments off?' }));
    expect(dialog.getByText(/can no longer pay by card/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(UPDATE)).toHaveLength(0);
    expect(toggle).toBeChecked();

    await user.click(toggle);
    const confirm = within(await screen.findByRole('dialog', { name: 'Switch payments off?' }));
    await user.click(confirm.getByRole('button', { name: 'Switch off' }));

    expect(await screen.findByText('Payments switched off')).toBeInTheDocument();
    expect(api.requestsTo(UPDATE).map((request) => request.body)).toEqual([{ payments_enabled: false }]);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(menu().queryByRole('link', { name: 'All Payments' })).toBeNull());
  });

  it('says why a refused change was not made, and shows the setting as it is', async () => {
    serve({
      isPaymentsOn: false,
      update: () =>
        jsonResponse(403, {
          error_code: 'FORBIDDEN',
          message: 'Only an Admin of this organisation can do this.',
        }),
    });
    renderRoutes(appRoutes, '/organisations/details');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: SWITCH_NAME });

    await user.click(toggle);

    const alert = await screen.findByRole('alert', { name: 'Payments were not switched' });
    expect(alert).toHaveTextContent('Only an Admin of this organisation can do this.');
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(menu().queryByRole('link', { name: 'All Payments' })).toBeNull();
  });

  it('says so when the setting cannot be loaded, and tries again', async () => {
    // A 404 is not retried by the query cache, so the failure shows at once.
    let isDown = true;
    serve({
      isPaymentsOn: true,
      load: () =>
        isDown
          ? jsonResponse(404, { error_code: 'NOT_FOUND', message: 'Organisation not found.' })
          : undefined,
    });
    renderRoutes(appRoutes, '/organisations/details');
    const user = userEvent.setup();

    expect(await screen.findByText('The payment settings could not be loaded')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: SWITCH_NAME })).toBeChecked();
  });

  it('is not offered to a customer organisation, whose merchant tracks its payments', async () => {
    const api = serve({
      isPaymentsOn: false,
      currentUser: {
        ...merchantUser,
        is_merchant: false,
        customer: { payment_settings: { is_payments_enabled: false } },
      },
    });
    renderRoutes(appRoutes, '/organisations/details');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organisation details' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Details' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: SWITCH_NAME })).toBeNull();
    expect(api.requestsTo(SETTINGS)).toHaveLength(0);
  });
});
