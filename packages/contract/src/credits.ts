import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart.ts';
import { defineEndpoint } from './endpoint.ts';
import { PaymentState } from './enums.ts';
import { RecordId } from './ids.ts';
import { OrderDate } from './orders.ts';
import { OrganisationParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';
import { MAX_PAYMENT_ALLOCATIONS } from './payment-rules.ts';
import { PaymentCents, Payment } from './payments.ts';
import { MIN_SEARCH_CHARS, SearchText } from './text.ts';

// Account credits (issue 11): money the merchant owes a customer account, spent by applying it to
// the customer's orders (a payment by Account Credit). MANUAL: issued with a reason; OVERPAYMENT:
// what a payment left over; ORDER_ADJUSTMENT: an adjustment note for lines of an invoiced order
// that were short-supplied or cancelled, with their GST. What remains never goes below zero.
// Every write takes an Idempotency-Key header.

const tags = ['credits'];

export const CREDIT_SOURCE_LABELS = {
  MANUAL: 'Manual',
  OVERPAYMENT: 'Overpayment',
  ORDER_ADJUSTMENT: 'Adjustment note',
} as const;
export type CreditSource = keyof typeof CREDIT_SOURCE_LABELS;
export const CREDIT_SOURCES = Object.keys(CREDIT_SOURCE_LABELS) as [CreditSource, ...CreditSource[]];
export const CreditSource = z.enum(CREDIT_SOURCES);

/** Where a credit stands, derived: unspent, partly spent, spent, or voided. */
export const CREDIT_STATUS_LABELS = {
  AVAILABLE: 'Available',
  PARTLY_USED: 'Partly used',
  USED: 'Used',
  VOIDED: 'Voided',
} as const;
export type CreditStatus = keyof typeof CREDIT_STATUS_LABELS;
export const CREDIT_STATUSES = Object.keys(CREDIT_STATUS_LABELS) as [CreditStatus, ...CreditStatus[]];
export const CreditStatus = z.enum(CREDIT_STATUSES);

export function creditStatus(credit: { amountCents: number; remainingCents: number; isVoided: boolean }) {
  if (credit.isVoided) return 'VOIDED' satisfies CreditStatus;
  if (credit.remainingCents === 0) return 'USED' satisfies CreditStatus;
  return credit.remainingCents < credit.amountCents
    ? ('PARTLY_USED' satisfies CreditStatus)
    : ('AVAILABLE' satisfies CreditStatus);
}

/**
 * A credit can be voided only while nothing of it was spent. An overpayment's credit is part of its
 * payment: voiding or refunding the payment takes it back.
 */
export const canVoidCredit = (credit: {
  source: CreditSource;
  amountCents: number;
  remainingCents: number;
  isVoided: boolean;
}) => credit.source !== 'OVERPAYMENT' && !credit.isVoided && credit.remainingCents === credit.amountCents;

export const CREDIT_REASON_MAX = 500;
export const MAX_ADJUSTMENT_LINES = 200;

export const CreditParams = OrganisationParams.extend({ cid: RecordId('credit') });

export const CreditLine = z.object({
  product_id: z.uuid().nullable(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** The order line's snapshot price, ex GST, and its GST rate. */
  unit_price_cents: z.number().int(),
  gst_rate_basis_points: z.number().int(),
  subtotal_cents: z.number().int(),
  gst_cents: z.number().int(),
});
export type CreditLine = z.infer<typeof CreditLine>;

export const CreditSummary = z.object({
  id: z.uuid(),
  number: z.number().int(),
  merchant: z.object({ id: z.uuid(), title: z.string() }),
  customer: z.object({ organisation_id: z.uuid(), name: z.string() }),
  source: CreditSource,
  status: CreditStatus,
  reason: z.string(),
  /** Inc GST; `gst_cents` is the GST in it (adjustment notes; 0 otherwise). */
  amount_cents: z.number().int(),
  gst_cents: z.number().int(),
  remaining_cents: z.number().int(),
  /** ORDER_ADJUSTMENT: the order it adjusts. */
  order: z.object({ id: z.uuid(), number: z.number().int(), invoice_number: z.number().int() }).nullable(),
  /** OVERPAYMENT: the payment it was left over from. */
  payment: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  voided_at: z.iso.datetime({ offset: true }).nullable(),
});
export type CreditSummary = z.infer<typeof CreditSummary>;

/** One application of a credit: the payment by Account Credit it made, and the orders it paid. */
export const CreditApplication = z.object({
  payment_id: z.uuid(),
  payment_number: z.number().int(),
  state: PaymentState,
  amount_cents: z.number().int(),
  paid_on: z.iso.date(),
  orders: z.array(z.object({ id: z.uuid(), number: z.number().int(), amount_cents: z.number().int() })),
});

export const Credit = CreditSummary.extend({
  lines: z.array(CreditLine),
  applications: z.array(CreditApplication),
  created_by_name: z.string().nullable(),
  version: z.number().int(),
  /** What the caller may do now (merchant members); the server checks again. */
  can_void: z.boolean(),
});
export type Credit = z.infer<typeof Credit>;

// ——— Lists ———

export const CreditListQuery = PageQuery.extend({
  source: CreditSource.optional(),
  /** Merchant lists: one customer's credits. */
  customer_organisation_id: RecordId('customer organisation').optional(),
  /** Customer lists: the credits with one merchant. */
  merchant_id: RecordId('merchant').optional(),
  /** Only credits with something left to apply (not voided). */
  is_available: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export const listCredits = defineEndpoint({
  method: 'GET',
  path: '/credits/organisation/{id}',
  summary: 'Account credits, newest first: a merchant’s, or a customer organisation’s own',
  description:
    'Keyset-paged by (created_at, id) descending; filters combine. `{id}` is a merchant (all its credits) or a customer organisation (its own, with any merchant).',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: CreditListQuery,
  response: Page(CreditSummary),
});

/** A credit number ("12" or "#12") matches exactly; other words need MIN_SEARCH_CHARS. */
export const CREDIT_NUMBER_SEARCH = /^#?\s*(\d{1,9})$/;

export const CreditSearchQuery = CreditListQuery.extend({
  q: SearchText.refine(
    (value) => value === undefined || CREDIT_NUMBER_SEARCH.test(value) || value.length >= MIN_SEARCH_CHARS,
    { message: `Search needs at least ${MIN_SEARCH_CHARS} characters, or a credit number` },
  ),
});

export const searchCredits = defineEndpoint({
  method: 'GET',
  path: '/credits/organisation/{id}/search',
  summary: 'Search account credits by number, reason or customer name',
  description:
    'Digits (or "#" and digits) find that credit number exactly; other text matches anywhere in the reason or the customer’s name. Takes the list’s filters; newest first.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: CreditSearchQuery,
  response: Page(CreditSummary),
});

export const getCredit = defineEndpoint({
  method: 'GET',
  path: '/credits/organisation/{id}/credit/{cid}',
  summary: 'One account credit with its lines and where it was applied',
  tags,
  auth: 'user',
  params: CreditParams,
  response: Credit,
});

// ——— Writes (merchant members) ———

const Reason = z.string().trim().min(1, 'Give a reason').max(CREDIT_REASON_MAX);

export const IssueCreditInput = z.object({
  customer_organisation_id: RecordId('customer organisation'),
  amount_cents: PaymentCents,
  reason: Reason,
});

export const issueCredit = defineEndpoint({
  method: 'POST',
  path: '/credits/organisation/{id}',
  summary: 'Issue an account credit with a reason (MANUAL)',
  description:
    'Merchant members; needs an Idempotency-Key header (the same key answers the same credit, 200). 409 PAYMENTS_NOT_ENABLED when the merchant has payments switched off.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: IssueCreditInput,
  response: Credit,
  status: 201,
  replayStatus: 200,
});

export const AdjustmentNoteInput = z.object({
  order_id: RecordId('order'),
  reason: Reason,
  lines: z
    .array(
      z.object({ product_id: RecordId('product'), quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) }),
    )
    .min(1, 'Choose at least one line')
    .max(MAX_ADJUSTMENT_LINES),
});

export const issueAdjustmentNote = defineEndpoint({
  method: 'POST',
  path: '/credits/organisation/{id}/adjustment-note',
  summary: 'Issue an adjustment note for an order’s short-supplied or cancelled lines (ORDER_ADJUSTMENT)',
  description:
    'Merchant members; needs an Idempotency-Key header. Each line names a product on the order and how many were not supplied: at most its quantity less what earlier adjustment notes (not voided) already credited (422 VALIDATION_FAILED otherwise, with a field error per line). Lines are credited at the order line’s snapshot price and GST rate; the GST is the order’s own calculation (its rounding) over those lines, and the credit is their total inc GST.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: AdjustmentNoteInput,
  response: Credit,
  status: 201,
  replayStatus: 200,
});

export const ApplyCreditInput = z.object({
  allocations: z
    .array(z.object({ order_id: RecordId('order'), amount_cents: PaymentCents }))
    .min(1, 'Choose at least one order')
    .max(MAX_PAYMENT_ALLOCATIONS),
  /** The day it is applied; today in the merchant's zone when left out. */
  paid_on: OrderDate.optional(),
});

export const applyCredit = defineEndpoint({
  method: 'POST',
  path: '/credits/organisation/{id}/credit/{cid}/apply',
  summary: 'Apply a credit to the customer’s orders: a payment by Account Credit',
  description:
    'Merchant members; needs an Idempotency-Key header (the same key answers the same payment, 200). Allocations follow a payment’s rules (422 VALIDATION_FAILED with field errors); together they are taken from what remains of the credit in one guarded step, so concurrent applications never overdraw it: 409 CONFLICT when not enough remains, or the credit is voided.',
  tags,
  auth: 'user',
  params: CreditParams,
  body: ApplyCreditInput,
  response: Payment,
  status: 201,
  replayStatus: 200,
});

export const voidCredit = defineEndpoint({
  method: 'POST',
  path: '/credits/organisation/{id}/credit/{cid}/void',
  summary: 'Void a credit nothing of which was spent',
  description:
    'Merchant members. Idempotent by nature (voiding a voided credit answers it unchanged), so an Idempotency-Key header is accepted but not needed. 409 CONFLICT once any of it was applied (void those payments first), and for an overpayment’s credit (void or refund its payment instead).',
  tags,
  auth: 'user',
  params: CreditParams,
  response: Credit,
});
