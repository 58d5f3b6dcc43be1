import { sql } from 'drizzle-orm';
import {
  ACCOUNTING_CONNECTION_STATUSES,
  ACCOUNTING_LINK_KINDS,
  ACCOUNTING_PROVIDERS,
  ACCOUNTING_SYNC_KINDS,
  ACCOUNTING_SYNC_STATUSES,
  type AccountingMapping,
  EMPTY_ACCOUNTING_MAPPING,
} from '@tradeport/contract';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { merchantId } from './merchant-columns.ts';
import { users } from './users.ts';

// A merchant's connections to its accounting software (issue 13): one row per merchant and
// provider, kept after disconnecting (tokens deleted) so its settings and links survive a reconnect.

export const accountingProvider = pgEnum('accounting_provider', ACCOUNTING_PROVIDERS);
export const accountingConnectionStatus = pgEnum(
  'accounting_connection_status',
  ACCOUNTING_CONNECTION_STATUSES,
);

export const accountingConnections = pgTable(
  'accounting_connections',
  {
    merchantId: merchantId(),
    provider: accountingProvider().notNull(),
    status: accountingConnectionStatus().notNull().default('NOT_CONNECTED'),
    /** The books synced to, once chosen. */
    tenantId: text(),
    tenantName: text(),
    /** While CHOOSING_TENANT: the books the grant reaches, `[{id, name}]`. */
    tenantChoices: jsonb().$type<{ id: string; name: string }[]>().notNull().default([]),
    /** token-crypto.ts's encryption of each token, bound to the merchant and provider; null when disconnected. */
    accessTokenEncrypted: text(),
    refreshTokenEncrypted: text(),
    accessTokenExpiresAt: instant(),
    scope: text(),
    /** Where amounts land in the books (the contract's AccountingMapping); kept across reconnects. */
    mapping: jsonb().$type<AccountingMapping>().notNull().default(EMPTY_ACCOUNTING_MAPPING),
    connectedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    connectedAt: instant(),
    /** Optimistic-concurrency counter: a stale change gets 409 (a token refresh leaves it alone). */
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.provider] })],
);

export const accountingLinkKind = pgEnum('accounting_link_kind', ACCOUNTING_LINK_KINDS);

/**
 * What a Tradeport record is in the merchant's books: a customer account ↔ a contact, a product ↔
 * an item, a tax rule ↔ a tax rate. Made by the merchant (link, auto-match, create) or by the sync
 * (a customer with no contact yet gets one). One link per record; a contact or item links one record.
 */
export const accountingLinks = pgTable(
  'accounting_links',
  {
    merchantId: merchantId(),
    provider: accountingProvider().notNull(),
    kind: accountingLinkKind().notNull(),
    /** The customer account, product or tax rule. */
    localId: uuid().notNull(),
    /** The provider's id for it (Xero's ContactID, ItemID; its TaxType for a tax rate). */
    externalId: text().notNull(),
    /** Its name in the books when linked, shown beside ours. */
    externalName: text().notNull(),
    linkedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.provider, t.kind, t.localId] }),
    // A contact or item stands for one customer or product; a tax rate may serve several rules.
    uniqueIndex('accounting_links_external_key')
      .on(t.merchantId, t.provider, t.kind, t.externalId)
      .where(sql`${t.kind} <> 'TAX_RULE'`),
  ],
);

export const accountingSyncKind = pgEnum('accounting_sync_kind', ACCOUNTING_SYNC_KINDS);
export const accountingSyncStatus = pgEnum('accounting_sync_status', ACCOUNTING_SYNC_STATUSES);

/**
 * One Tradeport record's place in one provider's books: an order's invoice, a payment, a credit
 * note. Made (PENDING) in the transaction of the change that needs sending, with the job
 * that sends it; `revision` counts those changes and `synced_revision` the last one the books have,
 * so a redelivered job finds nothing to do and an edit after sending sends again.
 */
export const accountingSyncRecords = pgTable(
  'accounting_sync_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: merchantId(),
    provider: accountingProvider().notNull(),
    kind: accountingSyncKind().notNull(),
    /** The order (INVOICE), payment (PAYMENT) or credit (CREDIT_NOTE). */
    sourceId: uuid().notNull(),
    status: accountingSyncStatus().notNull().default('PENDING'),
    revision: integer().notNull().default(1),
    syncedRevision: integer(),
    /** The provider's id for what was made there (InvoiceID, CreditNoteID), once made. */
    externalId: text(),
    /**
     * What else was made for it, by part, saved as each is made so a retry never makes one twice:
     * a payment's PaymentID per order it pays, its surcharge's invoice and payment.
     */
    externalParts: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The provider's answer to the last failed attempt, shown in the sync health panel. */
    lastError: text(),
    /** Failed attempts since it last synced; the sync gives up (FAILED) after a few. */
    attempts: integer().notNull().default(0),
    lastAttemptAt: instant(),
    /**
     * A worker's lease on it while it talks to the provider, so two deliveries of its jobs never
     * send it at once, without holding a transaction open across the provider's calls.
     */
    claimedUntil: instant(),
    syncedAt: instant(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounting_sync_records_source_key').on(t.merchantId, t.provider, t.kind, t.sourceId),
    // The health panel: a merchant's failures (and what waits), newest first.
    index('accounting_sync_records_status_idx').on(t.merchantId, t.provider, t.status, t.updatedAt),
  ],
);

/**
 * Calls made to a provider for one set of books in the current minute, shared by every process:
 * a job that would go past the provider's limit (Xero: 60 a minute per organisation) waits for the
 * next minute instead of being refused.
 */
export const accountingRateWindows = pgTable(
  'accounting_rate_windows',
  {
    provider: accountingProvider().notNull(),
    tenantId: text().notNull(),
    windowStart: instant().notNull(),
    calls: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.tenantId] })],
);
