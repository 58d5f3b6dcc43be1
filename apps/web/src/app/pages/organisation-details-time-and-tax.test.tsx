import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getCurrentUser,
  getOrganisation,
  getOrganisationSettings,
  listMembers,
  updateOrganisation,
} from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, harbourOrganisation, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { OrganisationDetailsPage } from './organisation-details-page.tsx';

// The organisation's time zone and, for a merchant without advanced tax, its GST rounding, on
// the Organisation details page.

const organisation = harbourOrganisation();

const settings = {
  payments_enabled: true,
  advanced_tax_enabled: false,
  time_zone: 'Australia/Sydney',
  gst_rounding: 'PER_LINE',
} as const;

const routes = withQueryClient([{ path: '/organisations/details', element: <OrganisationDetailsPage /> }]);

function serve(options: { isAdvancedTax: boolean }) {
  const currentUser = {
    ...merchantUser,
    settings: { ...merchantUser.settings, advanced_tax_enabled: options.isAdvancedTax },
  };
  const api = fakeFetch({
    [route(getCurrentUser)]: answer(200, currentUser),
    [route(getOrganisation, { id: harbour.id })]: answer(200, organisation),
    [route(getOrganisationSettings, { id: harbour.id })]: answer(200, settings),
    [route(listMembers, { id: harbour.id })]: answer(200, { members: [], invitations: [] }),
    [route(updateOrganisation, { id: harbour.id })]: ({ body }) =>
      jsonResponse(200, { ...organisation, ...(body as object), version: 4 }),
  });
  vi.stubGlobal('fetch', api.stub);
  return api;
}

beforeEach(() => {
  sessionStore.set(longSession);
  organisationIdStore.set(harbour.id);
});
afterEach(() => vi.unstubAllGlobals());

describe('Organisation details: time zone and GST rounding', () => {
  it('saves a new time zone and per-invoice rounding when advanced tax is off', async () => {
    const api = serve({ isAdvancedTax: false });
    renderRoutes(routes, '/organisations/details');
    const user = userEvent.setup();

    const zone = await screen.findByRole('combobox', { name: /^Time zone/ });
    expect(zone).toHaveValue('Australia/Sydney');
    const rounding = screen.getByRole('radiogroup', { name: /GST rounding/ });
    expect(within(rounding).getByRole('radio', { name: /Per line/ })).toBeChecked();
    expect(
      within(rounding).getByText('GST is worked out on the invoice’s total at each rate and rounded once.'),
    ).toBeInTheDocument();

    await user.clear(zone);
    await user.type(zone, 'Perth');
    await user.click(await screen.findByRole('option', { name: 'Australia/Perth' }));
    await user.click(within(rounding).getByRole('radio', { name: /Per invoice/ }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Organisation details saved')).toBeInTheDocument();
    expect(api.requestsTo(route(updateOrganisation, { id: harbour.id }))[0]?.body).toMatchObject({
      time_zone: 'Australia/Perth',
      gst_rounding: 'PER_INVOICE',
      version: 3,
    });
  });

  it('points to the Taxes page for rounding when advanced tax is on, and leaves the rounding out', async () => {
    const api = serve({ isAdvancedTax: true });
    renderRoutes(routes, '/organisations/details');
    const user = userEvent.setup();

    expect(await screen.findByRole('combobox', { name: /^Time zone/ })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: /GST rounding/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Taxes' })).toHaveAttribute('href', '/taxes');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Organisation details saved')).toBeInTheDocument();
    const [body] = api.requestsTo(route(updateOrganisation, { id: harbour.id })).map((r) => r.body);
    expect(body).toMatchObject({ time_zone: 'Australia/Sydney' });
    expect(body).not.toHaveProperty('gst_rounding');
  });
});
