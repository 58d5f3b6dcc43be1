import { TRIAL_LENGTH_DAYS } from '@tradeport/contract';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../platform/auth/passwords.ts';
import type { Db } from '../platform/db/client.ts';
import { customerAccounts, memberships, organisations, users } from '../platform/db/schema/index.ts';
import { createHouseAccount } from '../modules/organisations/organisations.service.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { seedDemoDelivery } from './demo-delivery.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { compactRollups } from '../modules/receivables/rollups-compaction.job.ts';
import { seedDemoTaxes } from './demo-taxes.ts';

const DEMO_PASSWORD = 'demo-password-1';
export const DEMO_LOGINS = [
  { role: 'Merchant admin', email: 'merchant@demo.test', password: DEMO_PASSWORD },
  { role: 'Merchant user', email: 'staff@demo.test', password: DEMO_PASSWORD },
  { role: 'Customer', email: 'customer@demo.test', password: DEMO_PASSWORD },
  { role: 'Customer', email: 'bistro@demo.test', password: DEMO_PASSWORD },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

type DemoCustomer = {
  title: string;
  slug: string;
  abn: string;
  contactEmail: string;
  phone: string;
  addressLine1: string;
  suburb: string;
  state: string;
  postcode: string;
  paymentTermsDays: number;
  creditLimitCents: number | null;
  isPaymentsEnabled: boolean;
  person?: { email: string; name: string };
};

// Real-looking Sydney and Melbourne hospitality customers; ABNs pass the ATO checksum.
const CUSTOMERS: DemoCustomer[] = [
  {
    title: 'Bean There Café',
    slug: 'bean-there-cafe',
    abn: '51824753556',
    contactEmail: 'orders@beanthere.test',
    phone: '02 9555 0142',
    addressLine1: '12 Darling Street',
    suburb: 'Balmain',
    state: 'NSW',
    postcode: '2041',
    paymentTermsDays: 14,
    creditLimitCents: 500_000,
    isPaymentsEnabled: true,
    person: { email: 'customer@demo.test', name: 'Sam Russo' },
  },
  {
    title: 'The Corner Bistro',
    slug: 'the-corner-bistro',
    abn: '53004085616',
    contactEmail: 'chef@cornerbistro.test',
    phone: '02 9555 0199',
    addressLine1: '88 King Street',
    suburb: 'Newtown',
    state: 'NSW',
    postcode: '2042',
    paymentTermsDays: 30,
    creditLimitCents: 1_500_000,
    isPaymentsEnabled: true,
    person: { email: 'bistro@demo.test', name: 'Priya Nair' },
  },
  {
    title: 'Saltwater Kitchen',
    slug: 'saltwater-kitchen',
    abn: '33051775556',
    contactEmail: 'hello@saltwater.test',
    phone: '02 9555 0177',
    addressLine1: '3 The Corso',
    suburb: 'Manly',
    state: 'NSW',
    postcode: '2095',
    paymentTermsDays: 7,
    creditLimitCents: null,
    isPaymentsEnabled: false,
  },
  {
    title: 'Northside Bakery',
    slug: 'northside-bakery',
    abn: '83914571673',
    contactEmail: 'bake@northside.test',
    phone: '03 9555 0110',
    addressLine1: '240 Sydney Road',
    suburb: 'Brunswick',
    state: 'VIC',
    postcode: '3056',
    paymentTermsDays: 14,
    creditLimitCents: 250_000,
    isPaymentsEnabled: true,
  },
];

/** Whether the demo logins exist, so start-up lists them only when they work. */
export async function hasDemoLogins(db: Db): Promise<boolean> {
  const [merchant] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_LOGINS[0].email))
    .limit(1);
  return merchant !== undefined;
}

/**
 * Seeds the demo merchant, its people, house account and customers on an empty database, in one
 * transaction. Returns false (and does nothing) when any user already exists.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  // The usual case on start-up: data exists, so skip the deliberately slow password hash.
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seeded = await db.transaction(async (tx) => {
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
        abn: '33102417032',
        contactEmail: 'accounts@harbourside.test',
        phone: '02 9555 0100',
        addressLine1: 'Unit 4, 19 Parramatta Road',
        suburb: 'Annandale',
        state: 'NSW',
        postcode: '2038',
        // Printed on its tax invoices, so the demo invoice shows how to pay by bank transfer.
        bankAccountName: 'Harbourside Wholesale Pty Ltd',
        bankBsb: '062000',
        bankAccountNumber: '10458832',
        paymentsEnabled: true,
        advancedTaxEnabled: true,
        trialEnd: new Date(now.getTime() + TRIAL_LENGTH_DAYS * DAY_MS),
      })
      .returning();
    if (!merchant) throw new Error('demo seed insert returned nothing');
    await createHouseAccount(tx, merchant);

    const [admin, staff] = await tx
      .insert(users)
      .values([
        { email: 'merchant@demo.test', name: 'Mia Chen', passwordHash },
        { email: 'staff@demo.test', name: 'Tom Walker', passwordHash },
      ])
      .returning();
    await tx.insert(memberships).values([
      { userId: admin!.id, organisationId: merchant.id, level: 'Admin', invitationAccepted: true },
      { userId: staff!.id, organisationId: merchant.id, level: 'User', invitationAccepted: true },
    ]);

    for (const { person, isPaymentsEnabled, paymentTermsDays, creditLimitCents, ...details } of CUSTOMERS) {
      const [customer] = await tx
        .insert(organisations)
        .values({ kind: 'CUSTOMER', ...details })
        .returning();
      await tx.insert(customerAccounts).values({
        merchantId: merchant.id,
        customerOrganisationId: customer!.id,
        isPaymentsEnabled,
        paymentTermsDays,
        creditLimitCents,
      });
      if (person) {
        const [user] = await tx
          .insert(users)
          .values({ ...person, passwordHash })
          .returning();
        await tx.insert(memberships).values({
          userId: user!.id,
          organisationId: customer!.id,
          level: 'Admin',
          invitationAccepted: true,
        });
      }
    }
    await seedDemoCatalogue(tx, merchant.id);
    await seedDemoDelivery(tx, merchant.id);
    // advancedTaxEnabled is on above, so the menu offers /taxes with this rule in it.
    await seedDemoTaxes(tx, merchant.id);
    // Last: its orders are priced by everything above (tiers, visibility, GST rules, delivery).
    await seedDemoOrders(tx, merchant.id, now);
    // Then what was paid of them, and what is owed (payments are on for the merchant, above).
    await seedDemoPayments(tx, merchant.id, now);
    return true;
  });
  // The overview's change rows from all of the above, folded into its totals: a fresh database
  // starts compact, as the minutely job would leave it.
  if (seeded) await compactRollups(db);
  return seeded;
}
