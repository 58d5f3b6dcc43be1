import type { CardPaymentResult, CardQuote } from '@tradeport/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { newIdempotencyKey } from '#lib/idempotency-key.ts';
import type { PayBody, PayChannel } from '../api/pay-channels.ts';
import type { StripeElementsState } from './use-stripe-elements.ts';

// The pay dialog's steps: the card is typed into Stripe's element, Continue turns it into a
// ConfirmationToken and asks for a quote (the surcharge depends on where the card was issued), the
// payer sees amount, surcharge and total, then pays exactly that total. A payment still PROCESSING
// (the bank asks the payer to confirm, or Stripe is finishing) is read again for a while: the
// webhook settles it on the server, and the dialog says honestly if it has not heard yet.

/** One press of Pay: its key is reused when the same attempt is sent again, never for another. */
type Attempt = { key: string; body: PayBody };

export type PayStep =
  | { name: 'card' }
  | { name: 'quote'; quote: CardQuote; attempt: Attempt }
  | { name: 'authenticating'; quote: CardQuote; attempt: Attempt }
  | {
      name: 'processing';
      quote: CardQuote;
      attempt: Attempt;
      result: CardPaymentResult;
      isStillWaiting: boolean;
    }
  | { name: 'paid'; result: CardPaymentResult }
  | { name: 'failed'; result: CardPaymentResult };

export const POLL_INTERVAL_MS = 1_500;
/** How long the dialog keeps reading a processing payment before saying it is still processing. */
export const POLL_PATIENCE_MS = 30_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

export function useCardPayment(options: {
  channel: PayChannel;
  stripe: StripeElementsState;
  /** The orders chosen; undefined pays everything outstanding (the server's list at paying time). */
  orderIds: string[] | undefined;
  /** Called once a payment has been recorded in any state: what was shown elsewhere may have changed. */
  onSettled?: (result: CardPaymentResult) => void;
}) {
  const { channel, stripe } = options;
  const [step, setStep] = useState<PayStep>({ name: 'card' });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const isMounted = useRef(true);
  const onSettled = useRef(options.onSettled);
  onSettled.current = options.onSettled;

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  /** Reads a processing payment again (the same attempt, the same key) until it settles or patience ends. */
  async function follow(quote: CardQuote, attempt: Attempt, first: CardPaymentResult) {
    let result = first;
    const deadline = Date.now() + POLL_PATIENCE_MS;
    while (result.state === 'PROCESSING' && Date.now() < deadline) {
      setStep({ name: 'processing', quote, attempt, result, isStillWaiting: false });
      await wait(POLL_INTERVAL_MS);
      if (!isMounted.current) return;
      try {
        result = await channel.pay(attempt.body, attempt.key);
      } catch {
        // A read that failed changes nothing: the payment stands as it was; try again shortly.
      }
      if (!isMounted.current) return;
    }
    show(quote, attempt, result, { isStillWaiting: true });
  }

  function show(
    quote: CardQuote,
    attempt: Attempt,
    result: CardPaymentResult,
    options: { isStillWaiting: boolean },
  ) {
    onSettled.current?.(result);
    if (result.state === 'SUCCESSFUL') setStep({ name: 'paid', result });
    else if (result.state === 'FAILED') setStep({ name: 'failed', result });
    else setStep({ name: 'processing', quote, attempt, result, isStillWaiting: options.isStillWaiting });
  }

  async function handle(quote: CardQuote, attempt: Attempt, result: CardPaymentResult) {
    if (result.state === 'PROCESSING' && result.client_secret && stripe.status === 'ready') {
      setStep({ name: 'authenticating', quote, attempt });
      // Whatever the payer chose, the payment's state says what happened: read it again.
      await stripe.stripe.handleNextAction({ clientSecret: result.client_secret });
      if (!isMounted.current) return;
      let after = result;
      try {
        after = await channel.pay(attempt.body, attempt.key);
      } catch {
        // Followed below like any processing payment.
      }
      if (!isMounted.current) return;
      if (after.state === 'PROCESSING') return follow(quote, attempt, { ...after, client_secret: null });
      return show(quote, attempt, after, { isStillWaiting: false });
    }
    if (result.state === 'PROCESSING') return follow(quote, attempt, result);
    show(quote, attempt, result, { isStillWaiting: false });
  }

  /** Continue: the card as a ConfirmationToken, then the quote for it. */
  async function toQuote() {
    if (stripe.status !== 'ready') return;
    setError(null);
    setIsBusy(true);
    try {
      const submitted = await stripe.elements.submit();
      if (submitted.error) return setError(submitted.error.message ?? 'Check the card details.');
      const created = await stripe.stripe.createConfirmationToken({ elements: stripe.elements });
      if (!created.confirmationToken) {
        return setError(created.error?.message ?? 'The card could not be read. Check its details.');
      }
      const body = {
        ...(channel.canChooseOrders && options.orderIds ? { order_ids: options.orderIds } : {}),
        confirmation_token: created.confirmationToken.id,
      };
      const quote = await channel.quote(body);
      if (!isMounted.current) return;
      const attempt: Attempt = {
        key: newIdempotencyKey(),
        body: { ...body, expected_total_cents: quote.total_cents },
      };
      setStep({ name: 'quote', quote, attempt });
    } catch (caught) {
      setError(messageOf(caught, 'We could not work out the total. Try again.'));
    } finally {
      if (isMounted.current) setIsBusy(false);
    }
  }

  /** Pay: the quoted total, with the attempt's key (the same again if this is a retry of it). */
  async function pay() {
    if (step.name !== 'quote') return;
    const { quote, attempt } = step;
    setError(null);
    setIsBusy(true);
    try {
      const result = await channel.pay(attempt.body, attempt.key);
      if (!isMounted.current) return;
      setIsBusy(false);
      await handle(quote, attempt, result);
    } catch (caught) {
      if (!isMounted.current) return;
      setIsBusy(false);
      if (caught instanceof ApiError && caught.status > 0 && caught.status < 500) {
        // Refused, so nothing was charged: the total changed, the link expired… Start again from
        // the card with what is true now.
        setStep({ name: 'card' });
        setError(caught.message);
        return;
      }
      // The answer was lost: Pay again sends the same attempt, which cannot charge twice.
      setError('We did not hear back about the payment. Press Pay again: you will not be charged twice.');
    }
  }

  /** Back to the card (another card, or the same one again): a new attempt from a new token. */
  function changeCard() {
    setError(null);
    setStep({ name: 'card' });
  }

  return { step, error, isBusy, toQuote, pay, changeCard };
}
