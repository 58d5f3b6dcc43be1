import type { BillingFlow } from '@tradeport/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRefreshAccess } from '#lib/access.ts';
import { useBilling } from '../api/billing.ts';
import { hasSubscription } from './billing-status.ts';

/** How long the screen waits for Stripe to confirm a paid Checkout before saying it is slow. */
export const CHECKOUT_WAIT_MS = 30_000;

/**
 * Back from Stripe Checkout (`?checkout=…`): `waiting` for Stripe's confirmation after paying,
 * `subscribed` once it came, `slow` when it did not come within CHECKOUT_WAIT_MS, `cancelled` when
 * the person left Checkout without paying; `none` when not back from Checkout.
 */
export type CheckoutOutcome = 'none' | 'cancelled' | 'waiting' | 'subscribed' | 'slow';

export type CheckoutReturn = { outcome: CheckoutOutcome; checkAgain: () => void };

/**
 * The subscription, and what a return from Checkout brought. Paying starts the subscription only
 * when Stripe's event reaches the server (usually within seconds), so after `?checkout=success`
 * the subscription is asked for again until it shows, and then the current user is reloaded: the
 * trial banners and the expiry page follow its dates, and go at once rather than at its next load.
 * The address keeps `checkout`, so a reload while waiting goes on waiting rather than offering the
 * plans again (and a second payment).
 */
export function useCheckoutReturn(options: { flow: BillingFlow; enabled: boolean }) {
  const [searchParams] = useSearchParams();
  const checkout = searchParams.get('checkout');
  const hasPaid = checkout === 'success';
  const [isSlow, setIsSlow] = useState(false);
  const billing = useBilling({
    flow: options.flow,
    enabled: options.enabled,
    isAwaitingSubscription: hasPaid && !isSlow,
  });
  const isSubscribed = hasSubscription(billing.data);
  const refreshAccess = useRefreshAccess();
  const hasRefreshed = useRef(false);

  useEffect(() => {
    if (!hasPaid || isSubscribed || isSlow) return;
    const timer = setTimeout(() => setIsSlow(true), CHECKOUT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [hasPaid, isSubscribed, isSlow]);

  useEffect(() => {
    if (!hasPaid || !isSubscribed || hasRefreshed.current) return;
    hasRefreshed.current = true;
    refreshAccess();
    // Once, when the subscription has shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasPaid, isSubscribed]);

  let outcome: CheckoutOutcome = 'none';
  if (checkout === 'cancelled') outcome = 'cancelled';
  else if (hasPaid) outcome = isSubscribed ? 'subscribed' : isSlow ? 'slow' : 'waiting';

  const checkAgain = () => {
    // Another wait, asking again as before.
    setIsSlow(false);
    void billing.refetch();
  };
  return { billing, checkout: { outcome, checkAgain } satisfies CheckoutReturn };
}
