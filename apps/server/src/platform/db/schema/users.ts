import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Always stored lower-case (the contract normalises), so equality is enough to find one. */
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    image: text(),
    /**
     * When the person proved they receive mail at `email` (a code from the sign-up email, or
     * signing up through an invitation link sent there); null until then. Until then nothing
     * addressed to that email (invitations) is shown to the account. Defaults to now so accounts
     * from before verification existed, and any made outside sign-up (seed, scripts), count as
     * verified; sign-up writes null explicitly.
     */
    emailVerifiedAt: instant().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);
