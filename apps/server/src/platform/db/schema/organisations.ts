import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisationKind, userLevel } from './enums.ts';
import { users } from './users.ts';

const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const organisations = pgTable('organisations', {
  id: uuid().primaryKey().defaultRandom(),
  kind: organisationKind().notNull(),
  title: text().notNull(),
  slug: text().notNull().unique(),
  image: text(),
  paymentsEnabled: boolean().notNull().default(false),
  advancedTaxEnabled: boolean().notNull().default(false),
  trialEnd: timestamp({ withTimezone: true, mode: 'date' }),
  deactivateDate: timestamp({ withTimezone: true, mode: 'date' }),
  paymentFailedDate: timestamp({ withTimezone: true, mode: 'date' }),
  /** Optimistic-concurrency counter: an edit names the version it read; a stale one gets 409. */
  version: integer().notNull().default(1),
  ...timestamps,
});

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    level: userLevel().notNull(),
    active: boolean().notNull().default(true),
    invitationAccepted: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organisationId] }),
    index('memberships_organisation_idx').on(t.organisationId),
  ],
);

/** A customer organisation's account with a merchant: the merchant–customer relation. */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    customerOrganisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    isPaymentsEnabled: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    unique('customer_accounts_merchant_customer_key').on(t.merchantId, t.customerOrganisationId),
    index('customer_accounts_customer_idx').on(t.customerOrganisationId),
  ],
);
