import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import {
  customerAccounts,
  shippingMethodCustomers,
  shippingMethods,
} from '../../platform/db/schema/index.ts';
import { createOrganisation, openTestDatabase } from '../../testing/index.ts';
import { listMethodsOfferedTo } from './shipping-offers.queries.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

async function merchantWithCustomers(count: number) {
  const { db } = database;
  const merchant = await createOrganisation(db, { kind: 'MERCHANT', title: 'Shipping Merchant' });
  const accounts = [];
  for (let index = 0; index < count; index += 1) {
    const customer = await createOrganisation(db, { kind: 'CUSTOMER', title: `Café ${index}` });
    const [account] = await db
      .insert(customerAccounts)
      .values({ merchantId: merchant.id, customerOrganisationId: customer.id })
      .returning();
    accounts.push(account!);
  }
  return { merchantId: merchant.id, accounts };
}

describe('listMethodsOfferedTo', () => {
  it('offers the active all-customer methods and the active ones assigned to the account', async () => {
    const { db } = database;
    const { merchantId, accounts } = await merchantWithCustomers(2);
    const [mine, theirs] = accounts;
    const methods = await db
      .insert(shippingMethods)
      .values([
        {
          merchantId,
          name: 'Weekday delivery',
          feeCents: 1_500,
          freeAboveCents: 30_000,
          minimumOrderCents: 10_000,
          weekdays: [5, 1, 2, 3, 4],
          leadDays: 1,
          cutOffMinutes: 840,
        },
        { merchantId, name: 'pick-up', kind: 'PICK_UP', feeCents: 0, leadDays: 0 },
        { merchantId, name: 'Archived run', isActive: false },
        { merchantId, name: 'Cool room run', isAvailableToAll: false },
        { merchantId, name: 'Their run', isAvailableToAll: false },
        { merchantId, name: 'Assigned but inactive', isAvailableToAll: false, isActive: false },
      ])
      .returning();
    const byName = new Map(methods.map((method) => [method.name, method.id]));
    await db.insert(shippingMethodCustomers).values([
      { merchantId, shippingMethodId: byName.get('Cool room run')!, customerAccountId: mine!.id },
      { merchantId, shippingMethodId: byName.get('Their run')!, customerAccountId: theirs!.id },
      { merchantId, shippingMethodId: byName.get('Assigned but inactive')!, customerAccountId: mine!.id },
    ]);

    const offered = await listMethodsOfferedTo(db, { merchantId, customerAccountId: mine!.id });

    expect(offered.map((method) => method.name)).toEqual(['Cool room run', 'pick-up', 'Weekday delivery']);
    expect(offered[2]).toEqual({
      id: byName.get('Weekday delivery'),
      name: 'Weekday delivery',
      kind: 'DELIVERY',
      fee_cents: 1_500,
      fee_bands: [],
      free_above_cents: 30_000,
      minimum_order_cents: 10_000,
      weekdays: [1, 2, 3, 4, 5],
      lead_days: 1,
      cut_off_minutes: 840,
    });
    const theirOffer = await listMethodsOfferedTo(db, { merchantId, customerAccountId: theirs!.id });
    expect(theirOffer.map((method) => method.name)).toEqual(['pick-up', 'Their run', 'Weekday delivery']);
  });

  it('never offers another merchant’s methods', async () => {
    const { db } = database;
    const first = await merchantWithCustomers(1);
    const other = await merchantWithCustomers(0);
    await db.insert(shippingMethods).values({ merchantId: other.merchantId, name: 'Elsewhere' });

    expect(
      await listMethodsOfferedTo(db, {
        merchantId: first.merchantId,
        customerAccountId: first.accounts[0]!.id,
      }),
    ).toEqual([]);
  });
});
