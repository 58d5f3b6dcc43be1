import { z } from 'zod';
import { CardPaymentResult, CardPaymentSetup, CardQuote, ConfirmationTokenId } from './card-payments.ts';
import { defineEndpoint } from './endpoint.ts';
import { RecordId } from './ids.ts';
import { OrganisationParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';

// Pay by link (SPEC §7 `payments/organisation/{id}/external-payment-link`): a merchant member makes a
// link for one order, or for a customer's whole outstanding balance, and sends it to the customer.
// Whoever holds it can see what it is for and pay it by card on a public page (`/pay/{token}`),
// without signing in, with the same surcharge rule as everywhere. The token is 256 random bits and
// only its hash is kept; a link expires, and the merchant can revoke it.

const tags = ['payments'];

export const PAYMENT_LINK_DEFAULT_DAYS = 14;
export const PAYMENT_LINK_MAX_DAYS = 90;

export const CreatePaymentLinkInput = z.object({
  /** The customer account the link is for. */
  customer_id: RecordId('customer'),
  /** One of its orders; null or left out: its whole outstanding balance. */
  order_id: RecordId('order').nullable().optional(),
  expires_in_days: z.number().int().min(1).max(PAYMENT_LINK_MAX_DAYS).default(PAYMENT_LINK_DEFAULT_DAYS),
});

export const PAYMENT_LINK_STATES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;

export const PaymentLink = z.object({
  id: z.uuid(),
  state: z.enum(PAYMENT_LINK_STATES),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  /** The order it pays, or null for the customer's whole outstanding balance. */
  order: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
});
export type PaymentLink = z.infer<typeof PaymentLink>;

export const CreatedPaymentLink = PaymentLink.extend({
  /** The page to send the customer to; shown this once (only a hash of its token is kept). */
  url: z.url(),
  token: z.string(),
});
export type CreatedPaymentLink = z.infer<typeof CreatedPaymentLink>;

export const createPaymentLink = defineEndpoint({
  method: 'POST',
  path: '/payments/organisation/{id}/external-payment-link',
  summary: 'Make a link that pays one order, or a customer’s outstanding balance, without signing in',
  description:
    'Merchant members. The answer holds the link’s address; it cannot be read again later. 409 CARD_PAYMENTS_NOT_SET_UP when the merchant cannot take card payments.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: CreatePaymentLinkInput,
  status: 201,
  response: CreatedPaymentLink,
});

export const PaymentLinkListQuery = PageQuery.extend({ customer_id: RecordId('customer') });

export const listPaymentLinks = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}/external-payment-link',
  summary: 'A customer’s payment links, newest first',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: PaymentLinkListQuery,
  response: Page(PaymentLink),
});

export const PaymentLinkParams = OrganisationParams.extend({ lid: RecordId('payment link') });

export const revokePaymentLink = defineEndpoint({
  method: 'DELETE',
  path: '/payments/organisation/{id}/external-payment-link/{lid}',
  summary: 'Revoke a payment link: its page answers 410 from now on',
  tags,
  auth: 'user',
  params: PaymentLinkParams,
  response: PaymentLink,
});

/** The link's token, as its page address carries it. */
export const PaymentLinkTokenParams = z.object({ token: z.string().min(16).max(200) });

export const PaymentLinkPage = CardPaymentSetup.extend({
  /** The order the link pays, or null for the whole balance. */
  order_id: z.uuid().nullable(),
  expires_at: z.iso.datetime({ offset: true }),
});
export type PaymentLinkPage = z.infer<typeof PaymentLinkPage>;

const LINK_ERRORS = 'An unknown token answers 404; an expired or revoked link 410 PAYMENT_LINK_EXPIRED.';

export const getPaymentLinkPage = defineEndpoint({
  method: 'GET',
  path: '/payments/external-payment-link/{token}',
  summary: 'What a payment link pays, for its public page',
  description: `No sign-in. ${LINK_ERRORS}`,
  tags,
  auth: 'public',
  params: PaymentLinkTokenParams,
  response: PaymentLinkPage,
});

export const PaymentLinkQuoteInput = z.object({ confirmation_token: ConfirmationTokenId });

export const quotePaymentLink = defineEndpoint({
  method: 'POST',
  path: '/payments/external-payment-link/{token}/quote',
  summary: 'The surcharge and total for paying a link with this card, before paying',
  description: `No sign-in. ${LINK_ERRORS}`,
  tags,
  auth: 'public',
  params: PaymentLinkTokenParams,
  body: PaymentLinkQuoteInput,
  response: CardQuote,
});

export const payPaymentLink = defineEndpoint({
  method: 'POST',
  path: '/payments/external-payment-link/{token}/pay',
  summary: 'Pay what a link is for by card',
  description: `No sign-in; needs an Idempotency-Key header (the same key answers the same payment, 201 then 200). Charges exactly \`expected_total_cents\` (409 when it changed). ${LINK_ERRORS}`,
  tags,
  auth: 'public',
  params: PaymentLinkTokenParams,
  body: PaymentLinkQuoteInput.extend({ expected_total_cents: z.number().int().min(1) }),
  status: 201,
  replayStatus: 200,
  response: CardPaymentResult,
});
