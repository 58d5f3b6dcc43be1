import {
  ACCOUNTING_CONNECTION_STATUSES,
  ACCOUNTING_PROVIDERS,
  type AccountingMapping,
  EMPTY_ACCOUNTING_MAPPING,
} from '@tradeport/contract';
import { integer, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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
    /** Optimistic-concurrency counter: a stale change gets 409; a token refresh bumps it too. */
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.provider] })],
);
