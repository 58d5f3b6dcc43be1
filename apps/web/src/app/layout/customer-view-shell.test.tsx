import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getMerchantHome,
  getOnboardingProgress,
  type CurrentUser,
  enterCustomerView,
  getCurrentUser,
  leaveCustomerView,
  listMyInvitations,
  RETURN_TO_MERCHANT_DELAY_MS,
} from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import {
  emptyMerchantHome,
  freshOnboarding,
  harbour,
  idOf,
  longSession,
  merchantUser,
} from '#testing/fixtures.ts';
import { jsonResponse, renderRoutes } from '#testing/render-routes.tsx';
import { appRoutes } from '../router.tsx';

const house = {
  id: idOf(77),
  title: 'Harbour Wholesale (house account)',
  active: true,
  invitation_accepted: true,
  user_level: 'User' as const,
};
const view = { merchant_id: harbour.id, customer_organisation_id: house.id };

/** users/current as the server answers it: the house customer is listed while the cookie is set. */
function serve() {
  let isViewing = false;
  const leftAt: number[] = [];
  const currentUser = (organisationId: string | null): CurrentUser =>
    isViewing && organisationId === house.id
      ? {
          ...merchantUser,
          is_merchant: false,
          customer: { payment_settings: { is_payments_enabled: false } },
          merchant: { title: harbour.title, image: null },
          organisations: [harbour, house],
          customer_view: view,
        }
      : {
          ...merchantUser,
          organisations: isViewing ? [harbour, house] : [harbour],
          customer_view: isViewing ? view : null,
        };
  const api = fakeFetch({
    [route(getCurrentUser)]: (request) =>
      jsonResponse(200, currentUser(request.headers.get('x-organisation-id'))),
    [route(listMyInvitations)]: answer(200, []),
    [route(getMerchantHome)]: answer(200, emptyMerchantHome),
    [route(getOnboardingProgress)]: answer(200, freshOnboarding),
    [route(enterCustomerView)]: () => {
      isViewing = true;
      return jsonResponse(200, view);
    },
    [route(leaveCustomerView)]: () => {
      leftAt.push(Date.now());
      isViewing = false;
      return jsonResponse(200, view);
    },
  });
  vi.stubGlobal('fetch', api.stub);
  return { ...api, leftAt };
}

beforeEach(() => {
  sessionStore.set(longSession);
  organisationIdStore.set(harbour.id);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('customer view (SPEC §1, §4)', () => {
  it('opens the ordering portal as the house customer, then returns to the merchant after the stated delay', async () => {
    const api = serve();
    const { router } = renderRoutes(appRoutes, '/');
    await userEvent.click(await screen.findByRole('button', { name: 'View as customer' }));

    expect(await screen.findByText('Customer view')).toBeInTheDocument();
    expect(screen.getByText('Harbour Wholesale Ordering Portal')).toBeInTheDocument();
    expect(api.requestsTo(route(enterCustomerView, { id: harbour.id }))).toHaveLength(1);
    expect(organisationIdStore.get()).toBe(house.id);
    expect(router.state.location.pathname).toBe('/orders/create');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const clickedAt = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Return to merchant' }));
    expect(await screen.findByText('Returning to Harbour Wholesale…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(RETURN_TO_MERCHANT_DELAY_MS));

    await waitFor(() => expect(api.leftAt).toHaveLength(1));
    // The cookie is cleared only once the delay has passed on the (fake) clock.
    expect(api.leftAt[0]! - clickedAt).toBeGreaterThanOrEqual(RETURN_TO_MERCHANT_DELAY_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(organisationIdStore.get()).toBe(harbour.id);
    await waitFor(() => expect(screen.queryByText('Customer view')).toBeNull());
  });

  it('offers customer view to a merchant only', async () => {
    serve();
    organisationIdStore.set(house.id);
    renderRoutes(appRoutes, '/');
    // Not viewing: the stored house id is not among the person's organisations, so the merchant is used.
    expect(await screen.findByRole('button', { name: 'View as customer' })).toBeInTheDocument();
    expect(screen.queryByText('Customer view')).toBeNull();
  });
});
