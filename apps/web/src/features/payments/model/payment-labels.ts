import {
  CREDIT_SOURCE_LABELS,
  type CreditSource,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATE_LABELS,
  type PaymentMethod,
  type PaymentState,
  RECORDABLE_PAYMENT_METHODS,
  RECORDABLE_PAYMENT_STATES,
} from '@tradeport/contract';

// The pickers' choices in SPEC §3's words, from the contract's labels.

const optionsOf = <K extends string>(labels: Record<K, string>, keys?: readonly K[]) =>
  (keys ?? (Object.keys(labels) as K[])).map((value) => ({ value, label: labels[value] }));

export const METHOD_OPTIONS = optionsOf<PaymentMethod>(PAYMENT_METHOD_LABELS);
export const STATE_OPTIONS = optionsOf<PaymentState>(PAYMENT_STATE_LABELS);
export const SOURCE_OPTIONS = optionsOf<CreditSource>(CREDIT_SOURCE_LABELS);

/** Methods a merchant records by hand: Stripe card payments and applied credits have their own flows. */
export const RECORDABLE_METHOD_OPTIONS = optionsOf<PaymentMethod>(
  PAYMENT_METHOD_LABELS,
  RECORDABLE_PAYMENT_METHODS,
);

/** What a payment recorded by hand starts as, in words that say what each means. */
const RECORDABLE_STATE_WORDS: Record<(typeof RECORDABLE_PAYMENT_STATES)[number], string> = {
  SUCCESSFUL: 'Received (Successful)',
  PROCESSING: 'On its way (Processing)',
  UPCOMING: 'Scheduled (Upcoming)',
};
export const RECORDABLE_STATE_OPTIONS = optionsOf(RECORDABLE_STATE_WORDS, RECORDABLE_PAYMENT_STATES);

/** What the button that settles a pending payment says, per state it moves to. */
export const SETTLE_ACTION_LABELS: Partial<Record<PaymentState, string>> = {
  PROCESSING: 'Mark as processing',
  SUCCESSFUL: 'Mark as received',
  FAILED: 'Mark as failed',
};

export const paymentTitle = (payment: { number: number }) => `Payment ${payment.number}`;
export const creditTitle = (credit: { number: number }) => `Credit ${credit.number}`;

/** "Visa ending 4242 (AU)" for a card payment; null when no card is known. */
export function cardWords(
  card: { brand: string | null; last4: string | null; country: string | null } | null,
) {
  if (!card || (!card.brand && !card.last4)) return null;
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  const ending = card.last4 ? ` ending ${card.last4}` : '';
  return `${brand}${ending}${card.country ? ` (${card.country})` : ''}`;
}
