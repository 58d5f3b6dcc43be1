import { z } from 'zod';
import { ACCOUNTING_PROVIDER_NAMES, type AccountingProvider } from './accounting.ts';
import { defineEndpoint } from './endpoint.ts';
import { RecordId } from './ids.ts';
import { OrganisationParams } from './organisations.ts';

// Sending invoices, payments, refunds and credit notes to the merchant's books (issue 13): each
// record's sync state, and the sync health panel's failures with "Retry".

/**
 * INVOICE: an order's tax invoice. PAYMENT: a payment received, against the invoices it pays (less
 * what was refunded of it; nothing once voided), or a credit applied to them. CREDIT_NOTE: a credit
 * given to the customer (an adjustment note, or a manual credit).
 */
export const ACCOUNTING_SYNC_KINDS = ['INVOICE', 'PAYMENT', 'CREDIT_NOTE'] as const;
export const AccountingSyncKind = z.enum(ACCOUNTING_SYNC_KINDS);
export type AccountingSyncKind = z.infer<typeof AccountingSyncKind>;

/**
 * PENDING: queued to send. WAITING: sent once what it depends on is (a payment waits for its
 * invoice). SYNCED: the books have its latest revision. FAILED: the provider refused it (its
 * message kept) or retries ran out: "Retry" sends it again. SKIPPED: nothing to send (an order
 * cancelled before its invoice was sent).
 */
export const ACCOUNTING_SYNC_STATUSES = ['PENDING', 'WAITING', 'SYNCED', 'FAILED', 'SKIPPED'] as const;
export const AccountingSyncStatus = z.enum(ACCOUNTING_SYNC_STATUSES);
export type AccountingSyncStatus = z.infer<typeof AccountingSyncStatus>;

export const ACCOUNTING_SYNC_KIND_LABELS: Record<AccountingSyncKind, string> = {
  INVOICE: 'Invoice',
  PAYMENT: 'Payment',
  CREDIT_NOTE: 'Credit note',
};

export const ACCOUNTING_SYNC_STATUS_LABELS: Record<AccountingSyncStatus, string> = {
  PENDING: 'Sending',
  WAITING: 'Waiting',
  SYNCED: 'Synced',
  FAILED: 'Failed',
  SKIPPED: 'Not sent',
};

/** Failures and waits the health panel lists at once (newest first); the counts say how many in all. */
export const SYNC_HEALTH_LIMIT = 50;

/** One record's place in the books: what it is, how sending it went, and the provider's words. */
export const AccountingSyncRecord = z.object({
  id: z.uuid(),
  kind: AccountingSyncKind,
  /** The order (INVOICE), payment (PAYMENT) or credit (CREDIT_NOTE). */
  source_id: z.uuid(),
  /** How people know it: "INV-000123", "Payment #12". */
  label: z.string(),
  status: AccountingSyncStatus,
  /** Why it failed, waits or was not sent, as the provider or Tradeport put it. */
  message: z.string().nullable(),
  attempts: z.number().int(),
  last_attempt_at: z.iso.datetime({ offset: true }).nullable(),
  synced_at: z.iso.datetime({ offset: true }).nullable(),
});
export type AccountingSyncRecord = z.infer<typeof AccountingSyncRecord>;

export const AccountingSyncHealth = z.object({
  counts: z.record(AccountingSyncStatus, z.number().int()),
  /** FAILED, WAITING, and PENDING records that have failed an attempt, newest first (at most SYNC_HEALTH_LIMIT). */
  problems: z.array(AccountingSyncRecord),
});
export type AccountingSyncHealth = z.infer<typeof AccountingSyncHealth>;

export const AccountingSyncQuery = z.object({
  /** Only this order's, payment's or credit's records (its screen's sync state). */
  source_id: z
    .uuid({ message: 'Not a valid id' })
    .transform((id) => id.toLowerCase())
    .optional(),
});

export const AccountingSyncRecordParams = OrganisationParams.extend({
  rid: RecordId('accounting sync record'),
});

/** Every provider's sync endpoints, under `/{provider}/organisation/{id}/settings/sync`. */
export function accountingSyncEndpoints(provider: AccountingProvider) {
  const name = ACCOUNTING_PROVIDER_NAMES[provider];
  const base = `/${provider}/organisation/{id}/settings/sync`;
  const tags = [provider];
  return {
    getHealth: defineEndpoint({
      method: 'GET',
      path: base,
      summary: `How sending to ${name} is going: counts by state, and what failed or waits`,
      description: `Merchant Admins. With \`source_id\`: that record's states only (an order's invoice, a payment), whatever they are.`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      query: AccountingSyncQuery,
      response: AccountingSyncHealth,
    }),
    retry: defineEndpoint({
      method: 'POST',
      path: `${base}/{rid}/retry`,
      summary: `Send a record to ${name} again`,
      description:
        'Merchant Admins. A FAILED, WAITING or SKIPPED record, or a PENDING one whose last attempt failed (sent now rather than after the backoff), is queued again as a new revision; one being sent, on its first try or already synced is answered as it is.',
      tags,
      auth: 'user',
      params: AccountingSyncRecordParams,
      response: AccountingSyncRecord,
    }),
  };
}

export const ACCOUNTING_SYNC_ENDPOINTS = {
  xero: accountingSyncEndpoints('xero'),
  quickbooks: accountingSyncEndpoints('quickbooks'),
  myob: accountingSyncEndpoints('myob'),
} as const;

export const { getHealth: getXeroSyncHealth, retry: retryXeroSync } = ACCOUNTING_SYNC_ENDPOINTS.xero;
