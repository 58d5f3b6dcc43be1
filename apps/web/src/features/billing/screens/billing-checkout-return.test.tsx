import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBilling, getCurrentUser } from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { BILLING_POLL_MS } from '../api/billing.ts';
import { CHECKOUT_WAIT_MS } from '../model/use-checkout-return.ts';
import { activeMonthly, billingFixture } from '../testing/billing-fixtures.ts';
import { renderBilling, stubBillingApi } from '../testing/billing-api-stub.tsx';

const BILLING = route(getBilling, { id: harbour.id });
const CURRENT_USER = route(getCurrentUser);

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('back from Stripe Checkout', () => {
  it('after paying, asks again until the subscription is active, then reloads the current user', async () => {
    let asked = 0;
    const api = stubBillingApi({
      [BILLING]: () => {
        asked += 1;
        return jsonResponse(200, asked < 3 ? billingFixture() : activeMonthly());
      },
    });
    renderBilling('/organisations/billing?checkout=success');

    expect(
      await screen.findByText('Payment received — your subscription is being set up'),
    ).toBeInTheDocument();
    // Paid already: no plans to choose (and pay for) a second time while Stripe confirms.
    expect(screen.queryByRole('button', { name: /Choose/ })).toBeNull();
    expect(api.requestsTo(CURRENT_USER)).toHaveLength(1);

    await advance(BILLING_POLL_MS);
    await waitFor(() => expect(api.requestsTo(BILLING)).toHaveLength(2));
    expect(screen.getByText('Payment received — your subscription is being set up')).toBeInTheDocument();
    await advance(BILLING_POLL_MS);

    expect(await screen.findByText('Your subscription is active')).toBeInTheDocument();
    expect(screen.queryByText(/Payment received/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Your plan' })).toHaveTextContent('Visa ending in 4242');
    // The trial banners and the expiry page follow the current user: reloaded at once.
    await waitFor(() => expect(api.requestsTo(CURRENT_USER)).toHaveLength(2));

    await advance(BILLING_POLL_MS * 3);
    expect(api.requestsTo(BILLING)).toHaveLength(3);
  });

  it('stops asking after about 30 seconds and says it is slow, with a way to check again', async () => {
    const api = stubBillingApi({ [BILLING]: () => jsonResponse(200, billingFixture()) });
    renderBilling('/organisations/billing?checkout=success');
    expect(
      await screen.findByText('Payment received — your subscription is being set up'),
    ).toBeInTheDocument();

    await advance(CHECKOUT_WAIT_MS);

    expect(await screen.findByText('Your subscription is taking longer to set up')).toBeInTheDocument();
    expect(screen.getByText(/There is no need to pay again/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Choose/ })).toBeNull();
    const asked = api.requestsTo(BILLING).length;
    expect(asked).toBeGreaterThanOrEqual(CHECKOUT_WAIT_MS / BILLING_POLL_MS - 1);
    await advance(BILLING_POLL_MS * 3);
    expect(api.requestsTo(BILLING)).toHaveLength(asked);
    // The current user is reloaded only once a subscription shows.
    expect(api.requestsTo(CURRENT_USER)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));

    await waitFor(() => expect(api.requestsTo(BILLING)).toHaveLength(asked + 1));
    expect(
      await screen.findByText('Payment received — your subscription is being set up'),
    ).toBeInTheDocument();
  });

  it('after leaving Checkout without paying, says nothing was charged and offers the plans', async () => {
    const api = stubBillingApi({ [BILLING]: () => jsonResponse(200, billingFixture()) });
    renderBilling('/organisations/billing?checkout=cancelled');

    expect(await screen.findByText('Checkout cancelled')).toBeInTheDocument();
    expect(
      screen.getByText('Nothing was charged. Choose a plan whenever you are ready.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Monthly' })).toBeInTheDocument();

    await advance(BILLING_POLL_MS * 3);
    expect(api.requestsTo(BILLING)).toHaveLength(1);
  });
});
