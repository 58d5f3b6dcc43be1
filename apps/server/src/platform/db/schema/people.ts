import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { userLevel } from './enums.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * An invitation to join an organisation, addressed to an email that may not have an account yet.
 * The emailed token is stored hashed; accepting creates the membership.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    level: userLevel().notNull(),
    tokenHash: text().notNull().unique(),
    invitedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: instant().notNull(),
    lastSentAt: instant().notNull().defaultNow(),
    acceptedAt: instant(),
    declinedAt: instant(),
    revokedAt: instant(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    // One open invitation per person per organisation.
    uniqueIndex('invitations_pending_key')
      .on(t.organisationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.declinedAt} is null and ${t.revokedAt} is null`),
    index('invitations_email_idx').on(t.email),
  ],
);

/** Single-use password-reset tokens (≥128 random bits), stored hashed, valid for an hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Codes emailed to prove a new account owns its address; single use, stored hashed, expiring. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);
