import { timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is timestamptz, read as a JS Date. */
export const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/** Row bookkeeping shared by editable tables. */
export const timestamps = {
  createdAt: instant().notNull().defaultNow(),
  updatedAt: instant().notNull().defaultNow(),
};
