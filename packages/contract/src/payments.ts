import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { OrderPaymentStatus, PaymentMethod, PaymentState } from './enums.ts';
import { RecordId } from './ids.ts';
import { OrderDate, OrderParams } from './orders.ts';
import { OrganisationParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';
import {
  MAX_PAYMENT_ALLOCATIONS,
  RECORDABLE_PAYMENT_METHODS,
  RECORDABLE_PAYMENT_STATES,
} from './payment-rules.ts';
import { MIN_SEARCH_CHARS, optionalText, SearchText } from './text.ts';

// Payments (issue 11): money a customer account pays its merchant, allocated to its orders. `{id}`
// of a `payments/organisation/{id}` path is the merchant (its payments) or a customer organisation
// (its own, with any merchant). The rules (state machine, allocations) are payment-rules.ts'.
// Every write takes an Idempotency-Key header (cart.ts' IDEMPOTENCY_KEY_HEADER): the same key
// answers with what the first request made.

const tags = ['payments'];

/** Largest single payment, in cents ($10 million): bounded so sums stay exact. */
export const MAX_PAYMENT_CENTS = 1_000_000_000;
export const PAYMENT_REFERENCE_MAX = 100;
export const PAYMENT_NOTES_MAX = 1_000;
export const PAYMENT_REASON_MAX = 500;

export const PaymentParams = OrganisationParams.extend({ pid: RecordId('payment') });

/** An amount of money a payment, refund, credit or allocation moves: at least a cent. */
export const PaymentCents = z.number().int().min(1).max(MAX_PAYMENT_CENTS);

export const PaymentAllocation = z.object({
  order_id: z.uuid(),
  order_number: z.number().int(),
  invoice_number: z.number().int(),
  amount_cents: z.number().int(),
  /** What refunds took back of it; amount − refunded is what it pays. */
  refunded_cents: z.number().int(),
});
export type PaymentAllocation = z.infer<typeof PaymentAllocation>;

/** A credit a payment names: the one it was applied from, or the one its overpayment became. */
export const PaymentCreditRef = z.object({
  id: z.uuid(),
  number: z.number().int(),
  amount_cents: z.number().int(),
  remaining_cents: z.number().int(),
});

export const PaymentSummary = z.object({
  id: z.uuid(),
  number: z.number().int(),
  merchant: z.object({ id: z.uuid(), title: z.string() }),
  customer: z.object({ organisation_id: z.uuid(), name: z.string() }),
  method: PaymentMethod,
  state: PaymentState,
  /** What pays the customer's documents; a card surcharge is on top of it. */
  amount_cents: z.number().int(),
  surcharge_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** amount − Σ allocations: what becomes account credit (an overpayment) once it is received. */
  unallocated_cents: z.number().int(),
  /** The day it was received, in the merchant's calendar. */
  paid_on: z.iso.date(),
  reference: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  allocations: z.array(PaymentAllocation),
});
export type PaymentSummary = z.infer<typeof PaymentSummary>;

export const PaymentRefund = z.object({
  id: z.uuid(),
  amount_cents: z.number().int(),
  reason: z.string().nullable(),
  refunded_by_name: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});

export const Payment = PaymentSummary.extend({
  notes: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  /** ACCOUNT_CREDIT: the credit it was applied from. */
  applied_credit: PaymentCreditRef.nullable(),
  /** The account credit its overpayment became, if any. */
  overpayment_credit: PaymentCreditRef.nullable(),
  refunds: z.array(PaymentRefund),
  card: z
    .object({ brand: z.string().nullable(), last4: z.string().nullable(), country: z.string().nullable() })
    .nullable(),
  failure_message: z.string().nullable(),
  voided_at: z.iso.datetime({ offset: true }).nullable(),
  version: z.number().int(),
  /** What the caller may do now (merchant members); the server checks again. */
  can_void: z.boolean(),
  refundable_cents: z.number().int(),
  allowed_states: z.array(PaymentState),
});
export type Payment = z.infer<typeof Payment>;

// ——— Lists ———

export const PaymentListQuery = PageQuery.extend({
  method: PaymentMethod.optional(),
  state: PaymentState.optional(),
  /** Merchant lists: one customer's payments. */
  customer_organisation_id: RecordId('customer organisation').optional(),
  /** Customer lists: the payments to one merchant. */
  merchant_id: RecordId('merchant').optional(),
  /** Received between these days, inclusive. */
  paid_from: OrderDate.optional(),
  paid_to: OrderDate.optional(),
});

export const listPayments = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}',
  summary: 'Payments, newest first: a merchant’s, or a customer organisation’s own',
  description:
    'Keyset-paged by (created_at, id) descending; filters combine. `{id}` is a merchant (all its payments) or a customer organisation (its own, with any merchant; `merchant_id` narrows to one).',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: PaymentListQuery,
  response: Page(PaymentSummary),
});

/** A payment number ("12" or "#12") matches exactly; other words need MIN_SEARCH_CHARS. */
export const PAYMENT_NUMBER_SEARCH = /^#?\s*(\d{1,9})$/;

export const PaymentSearchQuery = PaymentListQuery.extend({
  q: SearchText.refine(
    (value) => value === undefined || PAYMENT_NUMBER_SEARCH.test(value) || value.length >= MIN_SEARCH_CHARS,
    { message: `Search needs at least ${MIN_SEARCH_CHARS} characters, or a payment number` },
  ),
});

export const searchPayments = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}/search',
  summary: 'Search payments by number, reference or customer name',
  description:
    'Digits (or "#" and digits) find that payment number exactly; other text matches anywhere in the reference or the customer’s name. Takes the list’s filters; newest first.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: PaymentSearchQuery,
  response: Page(PaymentSummary),
});

export const OrderPayments = z.object({
  order_id: z.uuid(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  outstanding_cents: z.number().int(),
  payment_status: OrderPaymentStatus,
  /** Every payment allocated to it, newest first (failed and voided ones too). */
  payments: z.array(PaymentSummary),
});
export type OrderPayments = z.infer<typeof OrderPayments>;

export const listOrderPayments = defineEndpoint({
  method: 'GET',
  path: '/payments/order/{id}',
  summary: 'One order’s payments and what it still owes (its merchant’s members, or its customer’s)',
  tags,
  auth: 'user',
  params: OrderParams,
  response: OrderPayments,
});

// ——— One payment ———

export const getPayment = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}/payment/{pid}',
  summary: 'One payment with its allocations, refunds and credits',
  tags,
  auth: 'user',
  params: PaymentParams,
  response: Payment,
});

const STATE_MACHINE =
  'Payment states: UPCOMING → PROCESSING | SUCCESSFUL | FAILED | VOIDED; PROCESSING → SUCCESSFUL | FAILED; SUCCESSFUL → REFUNDED (refunded in full) | VOIDED; FAILED, REFUNDED and VOIDED are final. Only SUCCESSFUL and REFUNDED payments pay orders (amount − refunded of each allocation); UPCOMING and PROCESSING ones hold what they allocate until they settle.';

export const RecordPaymentInput = z.object({
  customer_organisation_id: RecordId('customer organisation'),
  method: z.enum(RECORDABLE_PAYMENT_METHODS),
  state: z.enum(RECORDABLE_PAYMENT_STATES).default('SUCCESSFUL'),
  amount_cents: PaymentCents,
  paid_on: OrderDate,
  reference: optionalText(PAYMENT_REFERENCE_MAX).optional(),
  notes: optionalText(PAYMENT_NOTES_MAX).optional(),
  allocations: z
    .array(z.object({ order_id: RecordId('order'), amount_cents: PaymentCents }))
    .max(MAX_PAYMENT_ALLOCATIONS)
    .default([]),
});
export type RecordPaymentInput = z.input<typeof RecordPaymentInput>;

export const recordPayment = defineEndpoint({
  method: 'POST',
  path: '/payments/organisation/{id}',
  summary: 'Record a payment received outside Tradeport, allocated across the customer’s orders',
  description: `Merchant members; needs an Idempotency-Key header (the same key answers the same payment, 200). Allocations go to the customer’s own orders that are not cancelled, each no more than the order still owes (less what pending payments hold), and together no more than the amount; otherwise 422 VALIDATION_FAILED with a field error per problem and nothing written. What is left over becomes an OVERPAYMENT account credit. Card payments through Stripe and applied credits are made by their own endpoints. 409 PAYMENTS_NOT_ENABLED when the merchant has payments switched off. ${STATE_MACHINE}`,
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: RecordPaymentInput,
  response: Payment,
  status: 201,
  replayStatus: 200,
});

export const voidPayment = defineEndpoint({
  method: 'POST',
  path: '/payments/organisation/{id}/payment/{pid}/void',
  summary: 'Void a payment: it no longer pays anything',
  description: `Merchant members. Idempotent by nature (voiding a voided payment answers it unchanged), so an Idempotency-Key header is accepted but not needed. An UPCOMING payment, or a SUCCESSFUL one recorded by hand or applied from a credit with nothing refunded (a Stripe card payment is refunded instead). Its allocations stop counting and the orders owe again; an applied credit gets its amount back; its overpayment credit is voided too, which must be unspent (409 CONFLICT otherwise). Any other state: 409 STATUS_TRANSITION_NOT_ALLOWED. ${STATE_MACHINE}`,
  tags,
  auth: 'user',
  params: PaymentParams,
  response: Payment,
});

export const RefundPaymentInput = z.object({
  amount_cents: PaymentCents,
  reason: optionalText(PAYMENT_REASON_MAX).optional(),
});

export const refundPayment = defineEndpoint({
  method: 'POST',
  path: '/payments/organisation/{id}/payment/{pid}/refund',
  summary: 'Refund a payment in full or in part',
  description: `Merchant members; needs an Idempotency-Key header (the same key answers the same refund, 200). Only a SUCCESSFUL payment (409 STATUS_TRANSITION_NOT_ALLOWED otherwise; an applied credit is voided instead), up to what is not yet refunded (422 VALIDATION_FAILED beyond). The refund takes first from the unspent part of the payment’s overpayment credit, then from its allocations newest first, so those orders owe again. Refunded in full, the payment becomes REFUNDED. ${STATE_MACHINE}`,
  tags,
  auth: 'user',
  params: PaymentParams,
  body: RefundPaymentInput,
  response: Payment,
  status: 201,
  replayStatus: 200,
});

export const SetPaymentStateInput = z.object({
  version: z.number().int(),
  state: z.enum(['PROCESSING', 'SUCCESSFUL', 'FAILED']),
  failure_message: optionalText(PAYMENT_REASON_MAX).optional(),
});

export const setPaymentState = defineEndpoint({
  method: 'POST',
  path: '/payments/organisation/{id}/payment/{pid}/state',
  summary: 'Settle a pending payment recorded by hand: processing, successful or failed',
  description: `Merchant members. Idempotent by nature (an Idempotency-Key header is accepted but not needed). For payments recorded UPCOMING or PROCESSING (a direct debit on its way). A move the state machine does not allow, or any move of a Stripe card payment (Stripe settles those), is 409 STATUS_TRANSITION_NOT_ALLOWED; moving to the state it is in answers it unchanged. Carries \`version\` (stale → 409 CONFLICT). Becoming SUCCESSFUL pays its orders and mails the customer a receipt; FAILED mails the customer a notice. ${STATE_MACHINE}`,
  tags,
  auth: 'user',
  params: PaymentParams,
  body: SetPaymentStateInput,
  response: Payment,
});
