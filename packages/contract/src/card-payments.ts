import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { PaymentState } from './enums.ts';
import { RecordId } from './ids.ts';
import { MerchantParams, OrganisationParams } from './organisations.ts';
import { CardFee } from './stripe.ts';

// Paying orders by card through the merchant's connected Stripe account, in two steps so the
// payer sees the surcharge before paying (Stripe's confirmation-token flow):
//  1. the browser collects the card with Stripe.js and creates a ConfirmationToken (`ctoken_…`);
//  2. `…/quote` reads the card's issuing country from the token and answers the amount, the
//     surcharge (card-surcharge.ts) and the total; nothing is charged;
//  3. the pay call (with an Idempotency-Key) charges exactly the quoted total (`expected_total_cents`;
//     409 if it changed meanwhile) and records a Stripe Credit/Debit Card payment: Successful when
//     Stripe took the money at once, Processing while the card's bank asks the payer to authenticate
//     (`client_secret`: the browser calls stripe.handleNextAction) or Stripe is still working; the
//     webhook settles it.
// The same three calls exist for a customer in the portal (`card-payment`, `{id}` the merchant) and
// for the merchant taking a customer's card (`invoice-payment/{pid}`), and, without signing in, for a
// payment link (payment-links.ts).

const tags = ['payments'];

/** Most orders one card payment pays ("Pay outstanding" pays them oldest due first). */
export const MAX_CARD_PAYMENT_ORDERS = 200;

/** What the browser needs to load Stripe.js for the merchant's connected account. */
export const StripeJsSetup = z.object({
  /** `Stripe(publishable_key, { stripeAccount: stripe_account_id })`. */
  publishable_key: z.string(),
  stripe_account_id: z.string(),
  /** Where to load Stripe.js from (Stripe's, or the local stand-in's in tests). */
  stripe_js_url: z.string(),
  currency: z.literal('aud'),
});
export type StripeJsSetup = z.infer<typeof StripeJsSetup>;

/** An order the payer owes money on. */
export const PayableOrder = z.object({
  id: z.uuid(),
  number: z.number().int(),
  invoice_number: z.number().int(),
  placed_at: z.iso.datetime({ offset: true }),
  due_date: z.iso.date(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  /** What paying it now would pay: its outstanding, less what card payments still processing hold. */
  payable_cents: z.number().int(),
});
export type PayableOrder = z.infer<typeof PayableOrder>;

export const CardPaymentSetup = z.object({
  /** False when it cannot be paid by card now; `unavailable_reason` says why, in words. */
  is_available: z.boolean(),
  unavailable_reason: z.string().nullable(),
  stripe: StripeJsSetup.nullable(),
  merchant: z.object({ id: z.uuid(), title: z.string(), image: z.string().nullable() }),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  is_fee_passed_on: z.boolean(),
  fees: z.array(CardFee),
  /** Payable orders, oldest due first (at most MAX_CARD_PAYMENT_ORDERS). */
  orders: z.array(PayableOrder),
  payable_cents: z.number().int(),
});
export type CardPaymentSetup = z.infer<typeof CardPaymentSetup>;

/** A Stripe.js ConfirmationToken id. */
export const ConfirmationTokenId = z
  .string()
  .trim()
  .regex(/^ctoken_[A-Za-z0-9_]{1,200}$/, 'Not a Stripe confirmation token');

export const CardQuoteInput = z.object({
  /** The orders to pay (their whole payable amount each); left out: every payable order. */
  order_ids: z.array(RecordId('order')).min(1).max(MAX_CARD_PAYMENT_ORDERS).optional(),
  confirmation_token: ConfirmationTokenId,
});
export type CardQuoteInput = z.infer<typeof CardQuoteInput>;

export const PayByCardInput = CardQuoteInput.extend({
  /** The quote's total: the payment is refused (409) rather than charge anything else. */
  expected_total_cents: z.number().int().min(1),
});
export type PayByCardInput = z.infer<typeof PayByCardInput>;

export const CardDetails = z.object({
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  /** ISO 3166-1 alpha-2 issuing country, as Stripe reports it (null when unknown). */
  country: z.string().nullable(),
  region: z.enum(['DOMESTIC', 'INTERNATIONAL']),
});

export const CardPaymentOrder = z.object({
  id: z.uuid(),
  number: z.number().int(),
  amount_cents: z.number().int(),
});

export const CardQuote = z.object({
  card: CardDetails,
  orders: z.array(CardPaymentOrder),
  amount_cents: z.number().int(),
  /** Null when there is no surcharge (fees not passed on): no zero line is shown. */
  surcharge: z.object({ label: z.string(), cents: z.number().int() }).nullable(),
  surcharge_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type CardQuote = z.infer<typeof CardQuote>;

export const CardPaymentResult = z.object({
  payment_id: z.uuid(),
  number: z.number().int(),
  state: PaymentState,
  card: CardDetails,
  orders: z.array(CardPaymentOrder),
  amount_cents: z.number().int(),
  surcharge_cents: z.number().int(),
  total_cents: z.number().int(),
  /** Why the card was declined (state FAILED). */
  failure_message: z.string().nullable(),
  /**
   * Set while the payment waits for the payer to authenticate with their bank (3-D Secure): call
   * `stripe.handleNextAction({ clientSecret })`; the webhook then settles the payment.
   */
  client_secret: z.string().nullable(),
});
export type CardPaymentResult = z.infer<typeof CardPaymentResult>;

const PAY_DESCRIPTION =
  'Needs an Idempotency-Key header: the same key answers the same payment (201 first, 200 after) and never charges twice, also when sent again at once. Charges exactly `expected_total_cents` (the quote’s total; 409 CONFLICT when the amount or surcharge changed). A declined card answers 201 with state FAILED and `failure_message`. 409 CARD_PAYMENTS_NOT_SET_UP when the merchant cannot take card payments; 409 CONFLICT when nothing is payable (paid already, or held by a card payment still processing).';

/** A customer of merchant `{id}` paying its own orders in the portal. */
export const CardPaymentQuery = z.object({ customer_organisation_id: RecordId('customer organisation') });

export const getCardPaymentSetup = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}/card-payment',
  summary: 'What a customer can pay by card to merchant `{id}`, and how to load Stripe.js',
  tags,
  auth: 'user',
  params: MerchantParams,
  query: CardPaymentQuery,
  response: CardPaymentSetup,
});

export const quoteCardPayment = defineEndpoint({
  method: 'POST',
  path: '/payments/organisation/{id}/card-payment/quote',
  summary: 'The surcharge and total for paying these orders with this card, before paying',
  tags,
  auth: 'user',
  params: MerchantParams,
  query: CardPaymentQuery,
  body: CardQuoteInput,
  response: CardQuote,
});

export const payByCard = defineEndpoint({
  method: 'POST',
  path: '/payments/organisation/{id}/card-payment',
  summary: 'Pay orders (or, without order_ids, everything outstanding) by card',
  description: PAY_DESCRIPTION,
  tags,
  auth: 'user',
  params: MerchantParams,
  query: CardPaymentQuery,
  body: PayByCardInput,
  status: 201,
  replayStatus: 200,
  response: CardPaymentResult,
});

/**
 * The merchant taking a customer's card (SPEC §7 `payments/organisation/{id}/invoice-payment/{pid}`):
 * `{id}` is the merchant and `{pid}` the payer, the customer account (`customers/{cid}`'s id) whose
 * orders are paid.
 */
export const InvoicePaymentParams = OrganisationParams.extend({ pid: RecordId('customer') });

export const getInvoicePaymentSetup = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}/invoice-payment/{pid}',
  summary: 'What customer `{pid}` can pay by card, for the merchant taking the card',
  description: 'Merchant members. `{pid}` is the paying customer account.',
  tags,
  auth: 'user',
  params: InvoicePaymentParams,
  response: CardPaymentSetup,
});

export const quoteInvoicePayment = defineEndpoint({
  method: 'POST',
  path: '/payments/organisation/{id}/invoice-payment/{pid}/quote',
  summary: 'The surcharge and total for taking this card for customer `{pid}`’s orders',
  tags,
  auth: 'user',
  params: InvoicePaymentParams,
  body: CardQuoteInput,
  response: CardQuote,
});

export const payInvoiceByCard = defineEndpoint({
  method: 'POST',
  path: '/payments/organisation/{id}/invoice-payment/{pid}',
  summary: 'Take a card payment for customer `{pid}`’s orders',
  description: `Merchant members. ${PAY_DESCRIPTION}`,
  tags,
  auth: 'user',
  params: InvoicePaymentParams,
  body: PayByCardInput,
  status: 201,
  replayStatus: 200,
  response: CardPaymentResult,
});
