import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getCurrentUser,
  getOrganisation,
  getOrganisationSettings,
  inviteUser,
  listMembers,
  type Organisation,
  resendInvite,
  revokeInvite,
  updateMember,
  updateOrganisation,
} from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ONLY_REASON } from '#lib/access.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, type FakeHandler, route } from '#testing/fake-api.ts';
import { harbour, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { OrganisationDetailsPage } from './organisation-details-page.tsx';

const MIA_ID = merchantUser.id;
const SAM_ID = '00000000-0000-4000-8000-0000000000bb';
const INVITATION_ID = '00000000-0000-4000-8000-0000000000cc';

const organisation: Organisation = {
  id: harbour.id,
  is_merchant: true,
  title: 'Harbour Wholesale',
  slug: 'harbour-wholesale',
  image: null,
  abn: '51824753556',
  contact_email: 'orders@harbour.example',
  phone: '02 9000 0000',
  address_line1: '1 Wharf Rd',
  address_line2: null,
  suburb: 'Pyrmont',
  state: 'NSW',
  postcode: '2009',
  trial_end: null,
  time_zone: 'Australia/Sydney',
  gst_rounding: 'PER_LINE',
  bank_account_name: null,
  bank_bsb: null,
  bank_account_number: null,
  version: 3,
};

const people = {
  members: [
    { user_id: MIA_ID, name: 'Mia Chen', email: 'mia@example.com', user_level: 'Admin', active: true },
    { user_id: SAM_ID, name: 'Sam Lee', email: 'sam@example.com', user_level: 'User', active: true },
  ],
  invitations: [
    {
      id: INVITATION_ID,
      email: 'kim@example.com',
      user_level: 'User',
      expires_at: '2026-04-08T12:00:00.000Z',
      last_sent_at: '2026-04-01T12:00:00.000Z',
    },
  ],
};

const settings = {
  payments_enabled: true,
  advanced_tax_enabled: false,
  time_zone: 'Australia/Sydney',
  gst_rounding: 'PER_LINE',
} as const;

const routes = withQueryClient([{ path: '/organisations/details', element: <OrganisationDetailsPage /> }]);

function serve(extra: Record<string, FakeHandler> = {}, currentUser = merchantUser) {
  const api = fakeFetch({
    [route(getCurrentUser)]: answer(200, currentUser),
    [route(getOrganisation, { id: harbour.id })]: answer(200, organisation),
    [route(getOrganisationSettings, { id: harbour.id })]: answer(200, settings),
    [route(listMembers, { id: harbour.id })]: answer(200, people),
    ...extra,
  });
  vi.stubGlobal('fetch', api.stub);
  return api;
}

beforeEach(() => {
  sessionStore.set(longSession);
  organisationIdStore.set(harbour.id);
});
afterEach(() => vi.unstubAllGlobals());

describe('OrganisationDetailsPage', () => {
  it('tells someone who is not an Admin that only Admins manage the organisation', async () => {
    const api = serve({}, { ...merchantUser, organisations: [{ ...harbour, user_level: 'User' }] });
    renderRoutes(routes, '/organisations/details');

    expect(await screen.findByText('Only Admins can manage the organisation')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_ONLY_REASON, { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(api.requestsTo(route(getOrganisation, { id: harbour.id }))).toHaveLength(0);
  });

  it("shows an Admin the organisation's details and people", async () => {
    serve();
    renderRoutes(routes, '/organisations/details');

    expect(await screen.findByRole('textbox', { name: /^Business name/ })).toHaveValue('Harbour Wholesale');
    expect(screen.getByRole('textbox', { name: /^Sign-in address/ })).toHaveValue('harbour-wholesale');
    expect(screen.getByRole('textbox', { name: /^ABN/ })).toHaveValue('51824753556');
    const members = await screen.findByRole('table', { name: 'People in Harbour Wholesale' });
    expect(within(members).getByRole('rowheader', { name: /Mia Chen/ })).toHaveTextContent('You');
    expect(screen.getByRole('table', { name: 'Open invitations' })).toHaveTextContent('kim@example.com');
  });

  it('saves with the version it was read at', async () => {
    const api = serve({
      [route(updateOrganisation, { id: harbour.id })]: ({ body }) =>
        jsonResponse(200, { ...organisation, ...(body as object), version: 4 }),
    });
    renderRoutes(routes, '/organisations/details');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Business name/ });
    await user.clear(name);
    await user.type(name, 'Harbour Wholesale Co');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Organisation details saved')).toBeInTheDocument();
    expect(api.requestsTo(route(updateOrganisation, { id: harbour.id }))[0]?.body).toMatchObject({
      title: 'Harbour Wholesale Co',
      // Renaming keeps the saved sign-in address.
      slug: 'harbour-wholesale',
      address_line2: null,
      image: null,
      version: 3,
    });
  });

  it('on 409 says someone else changed the details and reloads them', async () => {
    let current = organisation;
    const api = serve({
      [route(getOrganisation, { id: harbour.id })]: () => jsonResponse(200, current),
      [route(updateOrganisation, { id: harbour.id })]: () => {
        // Someone else saved first.
        current = { ...organisation, phone: '02 9111 1111', version: 4 };
        return jsonResponse(409, {
          error_code: 'CONFLICT',
          message: 'This record was changed by someone else.',
        });
      },
    });
    renderRoutes(routes, '/organisations/details');
    const user = userEvent.setup();
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '02 9222 2222');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(
      await screen.findByText(
        'Someone else changed these details while you were editing. Reload to see their changes, then make yours again.',
      ),
    ).toBeInTheDocument();
    // Shown on the form, not as a toast.
    expect(screen.queryByText(/^CONFLICT -/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reload details' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveValue('02 9111 1111'));
    expect(screen.queryByText(/Someone else changed these details/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(api.requestsTo(route(updateOrganisation, { id: harbour.id }))).toHaveLength(2),
    );
    expect(api.requestsTo(route(updateOrganisation, { id: harbour.id }))[1]?.body).toMatchObject({
      version: 4,
    });
  });

  it('shows a taken slug on its field', async () => {
    serve({
      [route(updateOrganisation, { id: harbour.id })]: answer(409, {
        error_code: 'CONFLICT',
        message: 'That sign-in address is taken.',
        details: [{ path: 'body.slug', message: 'That sign-in address is taken.' }],
      }),
    });
    renderRoutes(routes, '/organisations/details');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save details' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Sign-in address/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(screen.getByText('That sign-in address is taken.')).toBeInTheDocument();
    expect(screen.queryByText(/Someone else changed these details/)).toBeNull();
  });

  it('checks the details with the contract before saving', async () => {
    const api = serve();
    renderRoutes(routes, '/organisations/details');
    const user = userEvent.setup();
    const abn = await screen.findByRole('textbox', { name: /^ABN/ });
    await user.clear(abn);
    await user.type(abn, '12 345 678 901');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Enter a valid 11-digit ABN')).toBeInTheDocument();
    expect(api.requestsTo(route(updateOrganisation, { id: harbour.id }))).toHaveLength(0);
  });

  it('explains a member change refused for leaving no active Admin', async () => {
    serve({
      [route(updateMember, { id: harbour.id, uid: MIA_ID })]: answer(409, {
        error_code: 'CONFLICT',
        message: 'An organisation needs at least one active Admin.',
      }),
    });
    renderRoutes(routes, '/organisations/details');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: 'Level of Mia Chen' }));
    await user.click(await screen.findByRole('option', { name: 'User' }));

    expect(await screen.findByText('An organisation needs at least one active Admin.')).toBeInTheDocument();
    expect(screen.queryByText(/^CONFLICT -/)).toBeNull();
  });

  it('deactivates a member only after confirmation', async () => {
    const api = serve({
      [route(updateMember, { id: harbour.id, uid: SAM_ID })]: ({ body }) =>
        jsonResponse(200, { ...people.members[1], ...(body as object) }),
    });
    renderRoutes(routes, '/organisations/details');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Sam Lee is active' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Sam Lee?' });
    expect(api.requestsTo(route(updateMember, { id: harbour.id, uid: SAM_ID }))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() =>
      expect(api.requestsTo(route(updateMember, { id: harbour.id, uid: SAM_ID }))).toHaveLength(1),
    );
    expect(api.requestsTo(route(updateMember, { id: harbour.id, uid: SAM_ID }))[0]?.body).toEqual({
      user_level: 'User',
      active: false,
    });
  });

  it('invites someone by email and level', async () => {
    const api = serve({
      [route(inviteUser, { id: harbour.id })]: ({ body }) =>
        jsonResponse(201, { ...people.invitations[0], ...(body as object), id: INVITATION_ID }),
    });
    renderRoutes(routes, '/organisations/details');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByRole('textbox', { name: /^Email/ }), 'Alex@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to alex@example.com')).toBeInTheDocument();
    expect(api.requestsTo(route(inviteUser, { id: harbour.id }))[0]?.body).toEqual({
      email: 'alex@example.com',
      user_level: 'User',
    });
  });

  it('resends an invitation, and withdraws one only after confirmation', async () => {
    const api = serve({
      [route(resendInvite, { id: harbour.id, uid: INVITATION_ID })]: answer(200, people.invitations[0]),
      [route(revokeInvite, { id: harbour.id, uid: INVITATION_ID })]: answer(200, { revoked: true }),
    });
    renderRoutes(routes, '/organisations/details');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Resend the invitation to kim@example.com' }));
    expect(await screen.findByText('Invitation sent again to kim@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw the invitation to kim@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this invitation?' });
    expect(api.requestsTo(route(revokeInvite, { id: harbour.id, uid: INVITATION_ID }))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(api.requestsTo(route(revokeInvite, { id: harbour.id, uid: INVITATION_ID }))).toHaveLength(1),
    );
  });
  describe('when the server refuses because the person is no longer an Admin (403)', () => {
    const forbidden = answer(403, { error_code: 'FORBIDDEN', message: 'Only an Admin can do that.' });
    // The first read says Admin; after the refusal the reloaded level says User.
    const demotedLater = (): FakeHandler => {
      let reads = 0;
      return () =>
        jsonResponse(
          200,
          reads++ === 0
            ? merchantUser
            : { ...merchantUser, organisations: [{ ...harbour, user_level: 'User' }] },
        );
    };

    it('says a refused member change inline, then reloads the level and hides the controls', async () => {
      const api = serve({
        [route(getCurrentUser)]: demotedLater(),
        [route(updateMember, { id: harbour.id, uid: SAM_ID })]: forbidden,
      });
      renderRoutes(routes, '/organisations/details');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('combobox', { name: 'Level of Sam Lee' }));
      await user.click(await screen.findByRole('option', { name: 'Admin' }));

      expect(await screen.findByText(ADMIN_ONLY_REASON, { exact: false })).toBeInTheDocument();
      await waitFor(() => expect(api.requestsTo(route(getCurrentUser))).toHaveLength(2));
      await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Level of Sam Lee' })).toBeNull());
    });

    it('says a refused resend inline, without a toast', async () => {
      const api = serve({ [route(resendInvite, { id: harbour.id, uid: INVITATION_ID })]: forbidden });
      renderRoutes(routes, '/organisations/details');
      const user = userEvent.setup();

      await user.click(
        await screen.findByRole('button', { name: 'Resend the invitation to kim@example.com' }),
      );

      expect(await screen.findByRole('alert')).toHaveTextContent('Only an Admin can do that.');
      expect(screen.queryByText(/^FORBIDDEN/)).toBeNull();
      await waitFor(() => expect(api.requestsTo(route(getCurrentUser))).toHaveLength(2));
    });

    it('says a refused save of the details in the form', async () => {
      serve({ [route(updateOrganisation, { id: harbour.id })]: forbidden });
      renderRoutes(routes, '/organisations/details');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Save details' }));

      const form = screen.getByRole('form', { name: 'Organisation details' });
      expect(await within(form).findByRole('alert')).toHaveTextContent('Only an Admin can do that.');
    });
  });

  it('gives a café Admin no sign-in address: a customer organisation has none', async () => {
    const cafe = { ...organisation, is_merchant: false, title: 'Bean There Café', slug: 'bean-there-x1' };
    const api = serve(
      {
        [route(getOrganisation, { id: harbour.id })]: answer(200, cafe),
        [route(updateOrganisation, { id: harbour.id })]: ({ body }) =>
          jsonResponse(200, { ...cafe, ...(body as object), version: 4 }),
      },
      { ...merchantUser, is_merchant: false, organisations: [{ ...harbour, title: 'Bean There Café' }] },
    );
    renderRoutes(routes, '/organisations/details');
    const user = userEvent.setup();

    expect(await screen.findByRole('textbox', { name: /^Business name/ })).toHaveValue('Bean There Café');
    expect(screen.queryByRole('textbox', { name: /^Sign-in address/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() =>
      expect(api.requestsTo(route(updateOrganisation, { id: harbour.id }))).toHaveLength(1),
    );
    expect(api.requestsTo(route(updateOrganisation, { id: harbour.id }))[0]?.body).not.toHaveProperty('slug');
  });
});
