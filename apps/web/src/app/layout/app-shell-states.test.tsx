import { act, screen, waitFor, within } from '@testing-library/react';
import {
  type CurrentUser,
  getBilling,
  getCurrentUser,
  getOnboardingProgress,
  listMyInvitations,
} from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeMonthly, billingFixture } from '#features/billing/testing/billing-fixtures.ts';
import { formatDate } from '#lib/format.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import { bayside, freshOnboarding, harbour, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes } from '#testing/render-routes.tsx';
import { appRoutes } from '../router.tsx';

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

// The pages here are the shell's placeholder for a screen not built yet (/onboarding), which asks
// the API for nothing, so the only alerts are the shell's own; and billing, reachable throughout.
function serve(currentUser: CurrentUser) {
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      [route(getCurrentUser)]: answer(200, currentUser),
      [route(listMyInvitations)]: answer(200, []),
      [route(getBilling)]: answer(200, billingFixture({ trial_end: currentUser.trial_end })),
      [route(getOnboardingProgress)]: answer(200, freshOnboarding),
    }).stub,
  );
}

const singleAdmin = (dates: Partial<CurrentUser>): CurrentUser => ({
  ...merchantUser,
  organisations: [harbour],
  ...dates,
});

beforeEach(() => {
  sessionStore.set(longSession);
  organisationIdStore.set(harbour.id);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('shell states (SPEC §4)', () => {
  it('shows an Admin the end date of a running trial', async () => {
    const trialEnd = inDays(5);
    serve(singleAdmin({ trial_end: trialEnd }));
    renderRoutes(appRoutes, '/onboarding');

    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' })).toBeInTheDocument();
    expect(
      screen.getByText(`Your free trial ends on ${formatDate(trialEnd)}.`, { exact: false }),
    ).toBeInTheDocument();
  });

  it('shows the trial banners to Admins only', async () => {
    serve(singleAdmin({ trial_end: inDays(5), organisations: [{ ...harbour, user_level: 'User' }] }));
    renderRoutes(appRoutes, '/onboarding');

    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' })).toBeInTheDocument();
    expect(screen.queryByText(/free trial/i)).toBeNull();
  });

  it('asks an Admin to activate once the trial has ended', async () => {
    serve(singleAdmin({ trial_end: inDays(-1) }));
    renderRoutes(appRoutes, '/onboarding');

    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' })).toBeInTheDocument();
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('Your free trial has ended');
    expect(within(banner).getByRole('link', { name: 'Activate your subscription' })).toHaveAttribute(
      'href',
      '/organisations/billing',
    );
  });

  it('replaces every page with the expiry page more than 2 days after the trial ended', async () => {
    serve(singleAdmin({ trial_end: inDays(-3) }));
    renderRoutes(appRoutes, '/onboarding');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your free trial has ended' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Onboarding' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('link', { name: 'Activate your subscription' })).toHaveAttribute(
      'href',
      '/organisations/billing',
    );
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('keeps billing reachable with an expired trial', async () => {
    serve(singleAdmin({ trial_end: inDays(-3) }));
    renderRoutes(appRoutes, '/organisations/billing');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organisation billing' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your free trial has ended');
    expect(await screen.findByRole('button', { name: 'Choose Monthly' })).toBeInTheDocument();
  });

  it('replaces every page once access ended after a payment that was not received', async () => {
    const deactivate = inDays(-1);
    serve(singleAdmin({ payment_failed_date: inDays(-8), deactivate_date: deactivate }));
    renderRoutes(appRoutes, '/onboarding');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your subscription payment was not received' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`access ended on ${formatDate(deactivate)}`, { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('link', { name: 'Activate your subscription' })).toHaveAttribute(
      'href',
      '/organisations/billing',
    );
  });

  it('replaces every page once a cancelled subscription has ended, billing still reachable', async () => {
    const ended = inDays(-1);
    serve(singleAdmin({ deactivate_date: ended }));
    const { router } = renderRoutes(appRoutes, '/orders');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your subscription has ended' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`ended on ${formatDate(ended)}`, { exact: false })).toBeInTheDocument();

    await act(() => router.navigate('/organisations/billing'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organisation billing' }),
    ).toBeInTheDocument();
  });

  it('takes the trial banner away as soon as Stripe confirms a payment made at Checkout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let hasPaid = false;
    let asked = 0;
    const expired = singleAdmin({ trial_end: inDays(-3) });
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        [route(getCurrentUser)]: () => jsonResponse(200, hasPaid ? { ...expired, trial_end: null } : expired),
        [route(getBilling)]: () => {
          asked += 1;
          hasPaid = asked > 1;
          return jsonResponse(
            200,
            hasPaid ? activeMonthly() : billingFixture({ trial_end: expired.trial_end }),
          );
        },
      }).stub,
    );
    renderRoutes(appRoutes, '/organisations/billing?checkout=success');

    expect(
      await screen.findByText('Payment received — your subscription is being set up'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your free trial has ended');

    await act(() => vi.advanceTimersByTimeAsync(2_000));

    expect(await screen.findByText('Your subscription is active')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Your free trial has ended')).toBeNull());
  });

  it('warns an Admin of a failed payment with the date access ends', async () => {
    const deactivate = inDays(7);
    serve(singleAdmin({ payment_failed_date: inDays(-1), deactivate_date: deactivate }));
    renderRoutes(appRoutes, '/onboarding');

    expect(await screen.findByText('A payment failed')).toBeInTheDocument();
    expect(
      screen.getByText(`Your organisation will lose access on ${formatDate(deactivate)}`, { exact: false }),
    ).toBeInTheDocument();
  });

  it('disables the app and sends someone with only pending invitations to /user/invitations', async () => {
    organisationIdStore.clear();
    serve({
      ...merchantUser,
      organisations: [
        { ...harbour, invitation_accepted: false },
        { ...bayside, active: false },
      ],
    });
    const { router } = renderRoutes(appRoutes, '/onboarding');

    expect(await screen.findByRole('heading', { level: 1, name: 'Invitations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/invitations');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Log out']);
    expect(within(nav).queryByRole('combobox', { name: 'Organisation' })).toBeNull();
  });

  it('offers a new person without any organisation to set one up', async () => {
    organisationIdStore.clear();
    serve({ ...merchantUser, organisations: [] });
    renderRoutes(appRoutes, '/');

    // In the banner above the page and in the menu.
    const links = await screen.findAllByRole('link', { name: 'Set up your organisation' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/sign-up-organisation');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument());
  });
});
