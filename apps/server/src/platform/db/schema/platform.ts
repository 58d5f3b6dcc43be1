import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/** Fixed-window counters for rate limits, shared by every API process. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().notNull(),
    windowStart: instant().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Every email the product sends, kept whether or not SMTP is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** Files sent with the mail (an order's tax invoice), base64 so the outbox keeps them whole. */
    attachments: jsonb()
      .$type<{ filename: string; content_type: string; content_base64: string }[]>()
      .notNull()
      .default([]),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: instant(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress, t.createdAt)],
);

export const uploadStatus = pgEnum('upload_status', ['PENDING', 'STORED']);

/** Images uploaded through the presigned flow; PENDING until the bytes arrive and pass the checks. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid().references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text().notNull().unique(),
    contentType: text().notNull(),
    maxBytes: integer().notNull(),
    sizeBytes: integer(),
    status: uploadStatus().notNull().default('PENDING'),
    expiresAt: instant().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

/**
 * Secrets the API generates for itself (the token-signing secret when JWT_SECRET is unset). Kept
 * in the database so every API process on it signs and checks with the same one.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: instant().notNull().defaultNow(),
});

/** Bot-check solutions already used, so one solved challenge cannot sign up twice. */
export const spentChallenges = pgTable('spent_challenges', {
  signature: text().primaryKey(),
  expiresAt: instant().notNull(),
});
