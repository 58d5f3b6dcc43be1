import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { OrderPaymentStatus, OrderStatus, PaymentMethod, ReportDatePreset } from './enums.ts';
import { RecordId } from './ids.ts';
import { PdfFile } from './order-documents.ts';
import { OrderDate } from './orders.ts';
import { OrganisationParams } from './organisations.ts';
import { Page, PageQuery } from './pagination.ts';
import { AgingBucket, periodLengthDays } from './receivables-rules.ts';
import { MIN_SEARCH_CHARS } from './text.ts';

// Receivables (issue 11): money received in a period, what customers still owe and how overdue it
// is, each customer's account, and a statement per customer. Payments and credits themselves are
// payments.ts and credits.ts; the rules these figures follow are receivables-rules.ts.

const tags = ['payments'];

/** The overview's chart covers at most a year (a day per point). */
export const MAX_OVERVIEW_DAYS = 366;
/** A statement covers at most five years. */
export const MAX_STATEMENT_DAYS = 1_827;
/** A statement lists at most this many invoices, payments and credits; a longer period is refused. */
export const MAX_STATEMENT_ENTRIES = 10_000;

export const DEFAULT_OVERVIEW_PERIOD = 'LAST_30_DAYS' satisfies ReportDatePreset;
export const DEFAULT_STATEMENT_PERIOD = 'THIS_MONTH' satisfies ReportDatePreset;

/** A preset (SPEC §3, in the merchant's zone) or two days, both included; neither: the default. */
export const periodFields = {
  period: ReportDatePreset.optional(),
  from: OrderDate.optional(),
  to: OrderDate.optional(),
};

type PeriodFields = {
  period?: ReportDatePreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** The checks a period's fields pass: a preset or both days, in order, at most `maxDays` apart. */
export function checkPeriod(maxDays: number) {
  return (query: PeriodFields, context: z.RefinementCtx) => {
    if (query.period && (query.from || query.to)) {
      context.addIssue({ code: 'custom', path: ['period'], message: 'Choose a period or dates, not both' });
    } else if (Boolean(query.from) !== Boolean(query.to)) {
      context.addIssue({
        code: 'custom',
        path: [query.from ? 'to' : 'from'],
        message: 'Choose both the first and the last day',
      });
    } else if (query.from && query.to) {
      if (query.to < query.from) {
        context.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first' });
      } else if (periodLengthDays(query.from, query.to) > maxDays) {
        context.addIssue({
          code: 'custom',
          path: ['from'],
          message: `Choose at most ${maxDays.toLocaleString('en-AU')} days`,
        });
      }
    }
  };
}

function periodQuery(maxDays: number) {
  return z.object(periodFields).superRefine(checkPeriod(maxDays));
}

/** Days from and to, both included, as the answer states the period it covers. */
export const Period = z.object({ from: z.iso.date(), to: z.iso.date() });

// ——— Overview ———

export const OverviewQuery = periodQuery(MAX_OVERVIEW_DAYS);

export const ReceivablesOverview = z.object({
  period: Period,
  /** The merchant's zone, whose days the period and "today" are. */
  time_zone: z.string(),
  /** The merchant's day the outstanding figures are as of. */
  as_of: z.iso.date(),
  /**
   * Money received in the period (Successful and Refunded payments by the day they were paid,
   * less what was refunded of them), every method but Account Credit, which moves no money.
   */
  received_cents: z.number().int(),
  received_count: z.number().int(),
  /** Account credit applied to orders in the period (payments by Account Credit). */
  credit_applied_cents: z.number().int(),
  /** Every method, in SPEC §3's order, Account Credit included; zero where nothing came in. */
  by_method: z.array(
    z.object({ method: PaymentMethod, payment_count: z.number().int(), amount_cents: z.number().int() }),
  ),
  /** Money received each day of the period (Account Credit left out), for the chart. */
  by_day: z.array(z.object({ date: z.iso.date(), amount_cents: z.number().int() })),
  /** Now: what unpaid and part-paid orders of tracked customers still owe. */
  outstanding_cents: z.number().int(),
  outstanding_count: z.number().int(),
  /** Now: the part of it past its due date. */
  overdue_cents: z.number().int(),
  overdue_count: z.number().int(),
  /** Now: the outstanding amount in each aging bucket, in order. */
  aging: z.array(
    z.object({ bucket: AgingBucket, amount_cents: z.number().int(), order_count: z.number().int() }),
  ),
});
export type ReceivablesOverview = z.infer<typeof ReceivablesOverview>;

export const getReceivablesOverview = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}/overview',
  summary: 'Payments overview: received in a period by method and by day, outstanding and overdue now',
  description:
    'Merchant members. `period` is one of SPEC §3’s presets in the merchant’s time zone (weeks from Monday), or `from` and `to` name days (both included, at most 366); neither: the last 30 days. Outstanding and overdue are as of today and count only customers whose payments are tracked.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: OverviewQuery,
  response: ReceivablesOverview,
});

// ——— Outstanding orders ———

export const OutstandingQuery = PageQuery.extend({
  /** A customer organisation's own list: the merchant it owes (required there). */
  merchant_id: RecordId('merchant').optional(),
  /** A merchant's list: one customer organisation's orders. */
  customer_organisation_id: RecordId('customer organisation').optional(),
  aging: AgingBucket.optional(),
  /** `true`: only orders past their due date. */
  overdue: z.enum(['true', 'false']).default('false'),
});

/** The CSV takes the list's filters, not its paging. */
export const OutstandingCsvQuery = OutstandingQuery.omit({ limit: true, cursor: true });

export const OutstandingOrder = z.object({
  id: z.uuid(),
  number: z.number().int(),
  invoice_number: z.number().int(),
  status: OrderStatus,
  customer: z.object({
    /** The customer account (customers.ts `{cid}`). */
    id: z.uuid(),
    organisation_id: z.uuid(),
    name: z.string(),
  }),
  placed_at: z.iso.datetime({ offset: true }),
  due_date: z.iso.date(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  outstanding_cents: z.number().int(),
  payment_status: OrderPaymentStatus,
  is_overdue: z.boolean(),
  days_overdue: z.number().int(),
  aging_bucket: AgingBucket,
});
export type OutstandingOrder = z.infer<typeof OutstandingOrder>;

export const OutstandingPage = Page(OutstandingOrder).extend({
  /** The merchant's day the aging is counted on. */
  as_of: z.iso.date(),
});

export const listOutstandingOrders = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}/outstanding',
  summary: 'Unpaid and part-paid orders with their due dates and aging, oldest due first',
  description:
    '`{id}` is the merchant (all its customers’ orders; `customer_organisation_id` narrows it) or a customer organisation (its own orders with `merchant_id`, which it must name). Cancelled orders and customers whose payments are not tracked owe nothing here. Keyset-paged by (due date, id); `aging` keeps one bucket (days past due, counted on the merchant’s day: 0–30 includes orders not yet due), `overdue=true` only orders past their due date.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: OutstandingQuery,
  response: OutstandingPage,
});

export const OUTSTANDING_CSV_COLUMNS = [
  'invoice_number',
  'order_number',
  'customer',
  'placed_on',
  'due_date',
  'total',
  'paid',
  'outstanding',
  'days_overdue',
  'aging',
  'payment_status',
] as const;

export const exportOutstandingOrders = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}/outstanding/csv',
  summary: 'The filtered outstanding list as CSV',
  description: `The list’s filters and order. Columns: ${OUTSTANDING_CSV_COLUMNS.join(', ')}; amounts in dollars, dates YYYY-MM-DD in the merchant’s time zone.`,
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: OutstandingCsvQuery,
  response: z.string(),
  produces: 'text/csv',
});

// ——— Customer accounts ———

export const CustomerAccountsQuery = PageQuery.extend({
  search: z
    .string()
    .trim()
    .min(MIN_SEARCH_CHARS, `Type at least ${MIN_SEARCH_CHARS} characters to search`)
    .max(100)
    .optional(),
  status: z.enum(['active', 'archived', 'all']).default('active'),
});

export const CustomerAccountBalance = z.object({
  /** The customer account (customers.ts `{cid}`). */
  id: z.uuid(),
  organisation_id: z.uuid(),
  name: z.string(),
  archived: z.boolean(),
  /** Payments tracked for this customer; when false it owes nothing here (Not Tracked). */
  is_payments_enabled: z.boolean(),
  is_overdue_reminders_enabled: z.boolean(),
  /** What its unpaid and part-paid orders still owe. */
  balance_cents: z.number().int(),
  outstanding_count: z.number().int(),
  /** The part of the balance past its due dates. */
  overdue_cents: z.number().int(),
  /** Σ remaining of its credits that are not voided. */
  available_credit_cents: z.number().int(),
  credit_limit_cents: z.number().int().nullable(),
  /** balance ÷ limit in basis points (10,000 = the whole limit); null without a limit. */
  credit_limit_used_basis_points: z.number().int().nullable(),
  is_over_credit_limit: z.boolean(),
});
export type CustomerAccountBalance = z.infer<typeof CustomerAccountBalance>;

export const listCustomerAccounts = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}/customers',
  summary:
    'Customer Accounts: each customer’s balance, overdue amount, available credit and credit limit used',
  description:
    'Merchant members only (a customer organisation gets 403). By name, keyset-paged; `search` matches anywhere in the name.',
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: CustomerAccountsQuery,
  response: Page(CustomerAccountBalance).extend({ as_of: z.iso.date() }),
});

// ——— Statement ———

export const StatementParams = z.object({
  id: RecordId('merchant'),
  /** The customer organisation (not its account id). */
  cid: RecordId('customer organisation'),
});

export const StatementQuery = periodQuery(MAX_STATEMENT_DAYS);

export const getCustomerStatement = defineEndpoint({
  method: 'GET',
  path: '/payments/organisation/{id}/customers/{cid}/statement',
  summary: 'A customer’s statement for a period, as a PDF',
  description:
    '`{id}` is the merchant and `{cid}` the customer organisation: a member of either may read it. Opening balance on the first day, then each invoice (non-cancelled orders, by the day placed), payment (by the day paid; Account Credit payments move no balance and are left out), refund, credit issued (manual and adjustment notes; overpayment credit is already in its payment) and voided credit, in date order with a running balance, and the closing balance. A balance below zero is credit (CR). Same period choice as the overview (default: this month, at most 1,827 days and 10,000 entries).',
  tags,
  auth: 'user',
  params: StatementParams,
  query: StatementQuery,
  response: PdfFile,
  produces: 'application/pdf',
});
