import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import { longSession } from '#testing/fixtures.ts';
import { renderRoutes, withQueryClient } from '#testing/render-routes.tsx';
import { MyInvitationsScreen } from './my-invitations-screen.tsx';
import { acceptInvite, declineInvite, getInvitationByToken, listMyInvitations } from '@tradeport/contract';

const HARBOUR_ID = '00000000-0000-4000-8000-000000000001';
const BAYSIDE_ID = '00000000-0000-4000-8000-000000000002';
const TOKEN = 'emailed-token-0123456789';

const invitations = [
  {
    organisation_id: HARBOUR_ID,
    organisation_title: 'Harbour Wholesale',
    user_level: 'User',
    invited_by: 'Mia Chen',
    expires_at: '2026-04-01T12:00:00.000Z',
  },
  {
    organisation_id: BAYSIDE_ID,
    organisation_title: 'Bayside Produce',
    user_level: 'Admin',
    invited_by: null,
    expires_at: '2026-04-02T12:00:00.000Z',
  },
];

const routes = withQueryClient([
  { path: '/user/invitations', element: <MyInvitationsScreen /> },
  { path: '/', element: <p>Home page</p> },
]);

beforeEach(() => sessionStore.set(longSession));
afterEach(() => vi.unstubAllGlobals());

describe('MyInvitationsScreen', () => {
  it('lists the open invitations', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [route(listMyInvitations)]: answer(200, invitations) }).stub);
    renderRoutes(routes, '/user/invitations');

    expect(screen.getByRole('heading', { level: 1, name: 'Invitations' })).toBeInTheDocument();
    const harbour = await screen.findByRole('article', { name: 'Harbour Wholesale' });
    expect(harbour).toHaveTextContent('As User, invited by Mia Chen.');
    expect(harbour).toHaveTextContent('Open until 01/04/2026.');
    expect(screen.getByRole('article', { name: 'Bayside Produce' })).toHaveTextContent('As Admin.');
  });

  it('says so when there are none', async () => {
    vi.stubGlobal('fetch', fakeFetch({ [route(listMyInvitations)]: answer(200, []) }).stub);
    renderRoutes(routes, '/user/invitations');
    expect(await screen.findByText('You have no open invitations.')).toBeInTheDocument();
  });

  it('accepts: joins, acts for that organisation and goes to /', async () => {
    const api = fakeFetch({
      [route(listMyInvitations)]: answer(200, invitations),
      [route(acceptInvite, { id: BAYSIDE_ID })]: answer(200, { accepted: true }),
    });
    vi.stubGlobal('fetch', api.stub);
    const { router } = renderRoutes(routes, '/user/invitations');

    const bayside = await screen.findByRole('article', { name: 'Bayside Produce' });
    await userEvent.setup().click(within(bayside).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(organisationIdStore.get()).toBe(BAYSIDE_ID);
    expect(api.requestsTo(route(acceptInvite, { id: BAYSIDE_ID }))[0]?.body).toEqual({});
    expect(await screen.findByText('You joined Bayside Produce')).toBeInTheDocument();
  });

  it('shows a refused acceptance on the invitation and stays', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [route(listMyInvitations)]: answer(200, invitations),
        [route(acceptInvite, { id: HARBOUR_ID })]: answer(409, {
          error_code: 'CONFLICT',
          message: 'This invitation has expired.',
        }),
      }).stub,
    );
    const { router } = renderRoutes(routes, '/user/invitations');

    const harbour = await screen.findByRole('article', { name: 'Harbour Wholesale' });
    await userEvent.setup().click(within(harbour).getByRole('button', { name: 'Accept' }));

    expect(await within(harbour).findByText('This invitation has expired.')).toBeInTheDocument();
    expect(screen.queryByText(/^CONFLICT -/)).toBeNull();
    expect(router.state.location.pathname).toBe('/user/invitations');
    expect(organisationIdStore.get()).toBeNull();
  });

  it('declines only after confirmation', async () => {
    let open = invitations;
    const api = fakeFetch({
      [route(listMyInvitations)]: () =>
        new Response(JSON.stringify(open), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      [route(declineInvite, { id: HARBOUR_ID })]: () => {
        open = invitations.slice(1);
        return new Response(JSON.stringify({ declined: true }), { status: 200 });
      },
    });
    vi.stubGlobal('fetch', api.stub);
    renderRoutes(routes, '/user/invitations');
    const user = userEvent.setup();

    const harbour = await screen.findByRole('article', { name: 'Harbour Wholesale' });
    await user.click(within(harbour).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Decline the invitation to Harbour Wholesale?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo(route(declineInvite, { id: HARBOUR_ID }))).toHaveLength(0);

    await user.click(within(harbour).getByRole('button', { name: 'Decline' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Harbour Wholesale' })).toBeNull());
    expect(api.requestsTo(route(declineInvite, { id: HARBOUR_ID }))).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Bayside Produce' })).toBeInTheDocument();
  });

  it('accepts an emailed link with its token', async () => {
    const api = fakeFetch({
      [route(listMyInvitations)]: answer(200, invitations),
      [route(getInvitationByToken, { token: TOKEN })]: answer(200, {
        organisation_id: HARBOUR_ID,
        organisation_title: 'Harbour Wholesale',
        email: 'sam@example.com',
        has_account: true,
      }),
      [route(acceptInvite, { id: HARBOUR_ID })]: answer(200, { accepted: true }),
    });
    vi.stubGlobal('fetch', api.stub);
    const { router } = renderRoutes(routes, `/user/invitations?token=${TOKEN}&organisation=${HARBOUR_ID}`);

    const linked = await screen.findByRole('article', { name: 'Join Harbour Wholesale' });
    // The linked invitation is not listed a second time.
    expect(screen.queryByRole('article', { name: 'Harbour Wholesale' })).toBeNull();
    await userEvent.setup().click(within(linked).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(organisationIdStore.get()).toBe(HARBOUR_ID);
    expect(api.requestsTo(route(acceptInvite, { id: HARBOUR_ID }))[0]?.body).toEqual({
      token: TOKEN,
    });
  });

  it('says so when the emailed link no longer works', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [route(listMyInvitations)]: answer(200, []),
        [route(getInvitationByToken, { token: TOKEN })]: answer(404, {
          error_code: 'NOT_FOUND',
          message: 'Not found',
        }),
      }).stub,
    );
    renderRoutes(routes, `/user/invitations?token=${TOKEN}&organisation=${HARBOUR_ID}`);
    expect(await screen.findByText('This invitation link no longer works')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
