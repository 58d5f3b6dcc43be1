import { TRIAL_LENGTH_DAYS } from '@tradeport/contract';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../platform/auth/passwords.ts';
import type { Db } from '../platform/db/client.ts';
import { customerAccounts, memberships, organisations, users } from '../platform/db/schema/index.ts';

export const DEMO_PASSWORD = 'demo-password-1';
export const DEMO_LOGINS = [
  { role: 'Merchant admin', email: 'merchant@demo.test', password: DEMO_PASSWORD },
  { role: 'Customer', email: 'customer@demo.test', password: DEMO_PASSWORD },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seeds the demo merchant and its customer on an empty database, in one transaction.
 * Returns false (and does nothing) when any user already exists.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  // The usual case on start-up: data exists, so skip the deliberately slow password hash.
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts against one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return false;

    const [merchant] = await tx
      .insert(organisations)
      .values({
        kind: 'MERCHANT',
        title: 'Harbourside Wholesale',
        slug: 'harbourside-wholesale',
        paymentsEnabled: true,
        advancedTaxEnabled: true,
        trialEnd: new Date(now.getTime() + TRIAL_LENGTH_DAYS * DAY_MS),
      })
      .returning();
    const [cafe] = await tx
      .insert(organisations)
      .values({ kind: 'CUSTOMER', title: 'Bean There Café', slug: 'bean-there-cafe' })
      .returning();
    const [merchantUser, customerUser] = await tx
      .insert(users)
      .values([
        { email: 'merchant@demo.test', name: 'Mia Chen', passwordHash },
        { email: 'customer@demo.test', name: 'Sam Russo', passwordHash },
      ])
      .returning();
    if (!merchant || !cafe || !merchantUser || !customerUser)
      throw new Error('demo seed insert returned nothing');

    await tx.insert(memberships).values([
      { userId: merchantUser.id, organisationId: merchant.id, level: 'Admin', invitationAccepted: true },
      { userId: customerUser.id, organisationId: cafe.id, level: 'Admin', invitationAccepted: true },
    ]);
    await tx
      .insert(customerAccounts)
      .values({ merchantId: merchant.id, customerOrganisationId: cafe.id, isPaymentsEnabled: true });
    return true;
  });
}
