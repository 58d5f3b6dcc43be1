import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { gstRounding, organisationKind, userLevel } from './enums.ts';
import { merchantKey, merchantReference } from './merchant-columns.ts';
import { pricingTiers } from './pricing.ts';
import { users } from './users.ts';

export const organisations = pgTable(
  'organisations',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: organisationKind().notNull(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    image: text(),
    /** Australian Business Number, 11 digits, stored without spaces. */
    abn: text(),
    contactEmail: text(),
    phone: text(),
    addressLine1: text(),
    addressLine2: text(),
    suburb: text(),
    state: text(),
    postcode: text(),
    /**
     * Where customers pay by bank transfer (EFT), printed on the merchant's tax invoices. BSB is
     * six digits, the account number six to ten, both stored without spaces or dashes.
     */
    bankAccountName: text(),
    bankBsb: text(),
    bankAccountNumber: text(),
    paymentsEnabled: boolean().notNull().default(false),
    advancedTaxEnabled: boolean().notNull().default(false),
    /** IANA zone for the merchant's day: delivery cut-offs, date filters and reports. */
    timeZone: text().notNull().default('Australia/Sydney'),
    gstRounding: gstRounding().notNull().default('PER_LINE'),
    trialEnd: instant(),
    deactivateDate: instant(),
    paymentFailedDate: instant(),
    /** Optimistic-concurrency counter: an edit names the version it read; a stale one gets 409. */
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    // Customer search matches anywhere in the name.
    index('organisations_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // The duplicate-ABN check before a customer is saved finds the ABN's few holders directly.
    index('organisations_abn_idx').on(t.abn),
  ],
);

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
    /** The merchant's own customer, used when a merchant views the portal as a customer. */
    isHouseAccount: boolean().notNull().default(false),
    paymentTermsDays: integer().notNull().default(14),
    creditLimitCents: bigint({ mode: 'number' }),
    /** Charged no GST (e.g. an exporter or a charity with an exemption). */
    isTaxExempt: boolean().notNull().default(false),
    /** The daily overdue-reminder job mails this customer (issue 11); the merchant can switch it off. */
    isOverdueRemindersEnabled: boolean().notNull().default(true),
    /** The customer's price list with this merchant; at most one, so a column, not a join table. */
    pricingTierId: uuid(),
    archivedAt: instant(),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('customer_accounts_merchant_customer_key').on(t.merchantId, t.customerOrganisationId),
    index('customer_accounts_customer_idx').on(t.customerOrganisationId),
    index('customer_accounts_pricing_tier_idx').on(t.pricingTierId),
    merchantKey('customer_accounts', t),
    // Deleting a tier leaves its customers on base prices (SET NULL of pricing_tier_id only).
    merchantReference({
      name: 'customer_accounts_pricing_tier_fk',
      columns: [t.merchantId, t.pricingTierId],
      parent: pricingTiers,
      onDelete: 'set null',
    }),
    uniqueIndex('customer_accounts_one_house_account_idx')
      .on(t.merchantId)
      .where(sql`${t.isHouseAccount}`),
  ],
);
