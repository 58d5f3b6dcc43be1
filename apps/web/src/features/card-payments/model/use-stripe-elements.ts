import type { StripeJsSetup } from '@tradeport/contract';
import { useEffect, useState } from 'react';
import { loadStripeJs, type StripeClient, type StripeElements } from './stripe-js.ts';

export type StripeElementsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; stripe: StripeClient; elements: StripeElements };

type Loaded = { load: string } & StripeElementsState;

/**
 * Stripe.js for the merchant's connected account, with its payment element mounted on the element
 * given to `mountRef` (which must stay rendered while the dialog is open: the card typed in lives
 * there). The element's amount follows `amountCents`, so Stripe checks what is being paid.
 */
export function useStripeElements(setup: StripeJsSetup | null, amountCents: number) {
  const [host, mountRef] = useState<HTMLDivElement | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // The amount the element starts with; later changes reach it through update() below.
  const [initialAmount] = useState(amountCents);
  const load = setup
    ? `${setup.stripe_js_url} ${setup.publishable_key} ${setup.stripe_account_id} ${attempt}`
    : null;

  useEffect(() => {
    if (!setup || !host || !load) return;
    let isCurrent = true;
    let destroy = () => {};
    loadStripeJs(setup.stripe_js_url).then(
      (Stripe) => {
        if (!isCurrent) return;
        const stripe = Stripe(setup.publishable_key, { stripeAccount: setup.stripe_account_id });
        const elements = stripe.elements({
          mode: 'payment',
          // Stripe refuses an amount of 0; nothing is paid until something is chosen anyway.
          amount: Math.max(initialAmount, 1),
          currency: setup.currency,
          paymentMethodCreation: 'manual',
        });
        const element = elements.create('payment');
        element.mount(host);
        destroy = () => element.destroy();
        setLoaded({ load, status: 'ready', stripe, elements });
      },
      () => {
        if (isCurrent) setLoaded({ load, status: 'failed' });
      },
    );
    return () => {
      isCurrent = false;
      destroy();
    };
    // `load` names everything of `setup` used here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, host, initialAmount]);

  // What is on screen belongs to the current load; anything older is still loading.
  const state: StripeElementsState = loaded && loaded.load === load ? loaded : { status: 'loading' };
  const elements = state.status === 'ready' ? state.elements : null;
  useEffect(() => {
    if (elements && amountCents > 0) elements.update({ amount: amountCents });
  }, [elements, amountCents]);

  return { mountRef, state, reload: () => setAttempt((count) => count + 1) };
}
