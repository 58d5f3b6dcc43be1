import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBilling, startBillingCheckout } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { captureLeaving, stubBillingApi } from '../testing/billing-api-stub.tsx';
import { activeMonthly, billingFixture } from '../testing/billing-fixtures.ts';
import { SignUpPaymentScreen } from './sign-up-payment-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const BILLING = route(getBilling, { id: harbour.id });
const CHECKOUT = route(startBillingCheckout, { id: harbour.id });
const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_signup';

const renderStep = () =>
  renderAsMerchant([{ path: '/sign-up-payment', element: <SignUpPaymentScreen /> }], '/sign-up-payment');

describe('SignUpPaymentScreen', () => {
  it('offers the plans in the onboarding flow, with the trial’s end and a way on without paying', async () => {
    const api = stubBillingApi({
      [BILLING]: () => jsonResponse(200, billingFixture({ flow: 'onboarding' })),
      [CHECKOUT]: () => jsonResponse(200, { url: CHECKOUT_URL }),
    });
    renderStep();

    expect(screen.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
    expect(await screen.findByText(/Your free trial runs until 14\/05\/2099\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with the free trial' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    const leaving = captureLeaving();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Monthly' }));

    await waitFor(() => expect(leaving).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.requestsTo(BILLING)[0]?.query.get('flow')).toBe('onboarding');
    expect(api.requestsTo(CHECKOUT).map((request) => request.body)).toEqual([
      { plan: 'MONTHLY', flow: 'onboarding' },
    ]);
  });

  it('says the plan is chosen once subscribed, and offers no plans', async () => {
    stubBillingApi({ [BILLING]: () => jsonResponse(200, activeMonthly({ flow: 'onboarding' })) });
    renderStep();
    expect(await screen.findByText('You are subscribed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose Monthly' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/onboarding');
  });

  it('says billing is not set up on a server without Stripe keys', async () => {
    stubBillingApi({ [BILLING]: () => jsonResponse(200, billingFixture({ is_set_up: false })) });
    renderStep();
    expect(await screen.findByText('Billing is not set up on this server')).toBeInTheDocument();
  });

  it('tells a User that an Admin chooses the plan, and asks nothing of billing', async () => {
    const asUser = {
      ...merchantUser,
      organisations: merchantUser.organisations.map((o) => ({ ...o, user_level: 'User' as const })),
    };
    const api = stubBillingApi({}, () => jsonResponse(200, asUser));
    renderStep();
    expect(await screen.findByText('Only Admins choose the plan')).toBeInTheDocument();
    expect(api.requestsTo(BILLING)).toHaveLength(0);
  });
});
