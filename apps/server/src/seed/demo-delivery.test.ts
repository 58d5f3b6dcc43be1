import { deliveryDates, deliveryFeeCents, deliveryMethodProblem } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/client.ts';
import { customerAccounts, organisations, shippingMethods } from '../platform/db/schema/index.ts';
import { listMethodsOfferedTo } from '../modules/shipping/shipping-offers.queries.ts';
import { openTestDatabase } from '../testing/index.ts';
import { seedDemo } from './demo.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('the demo merchant’s delivery methods', () => {
  it('offers weekday delivery and warehouse pick-up to its customers, once however often it seeds', async () => {
    const { db } = database;
    expect(await seedDemo(db)).toBe(true);
    expect(await seedDemo(db)).toBe(false);

    const [merchant] = await db
      .select({ id: organisations.id, timeZone: organisations.timeZone })
      .from(organisations)
      .where(eq(organisations.slug, 'harbourside-wholesale'));
    const [account] = await db
      .select({ id: customerAccounts.id })
      .from(customerAccounts)
      .where(eq(customerAccounts.merchantId, merchant!.id))
      .limit(1);
    expect(await db.$count(shippingMethods, eq(shippingMethods.merchantId, merchant!.id))).toBe(2);

    const offered = await listMethodsOfferedTo(db, {
      merchantId: merchant!.id,
      customerAccountId: account!.id,
    });
    expect(offered.map((method) => method.name)).toEqual(['Pick-up from warehouse', 'Weekday delivery']);
    const [pickUp, weekday] = offered;

    expect(deliveryFeeCents(weekday!, 29_999)).toBe(1_500);
    expect(deliveryFeeCents(weekday!, 30_000)).toBe(0);
    expect(deliveryMethodProblem(weekday!, 9_999)).toBe(
      'Orders by Weekday delivery need at least $100.00 before delivery (ex GST)',
    );
    expect(deliveryFeeCents(pickUp!, 500)).toBe(0);
    expect(deliveryMethodProblem(pickUp!, 1)).toBeNull();

    // Thursday 26 November 2026: before 2 pm in Sydney, Friday; after, past the weekend to Monday.
    // Pick-up: today and every day after.
    const at = (time: string) => new Date(`2026-11-26T${time}+11:00`);
    const timeZone = merchant!.timeZone;
    expect(deliveryDates({ method: weekday!, now: at('13:59'), timeZone, count: 1 })).toEqual(['2026-11-27']);
    expect(deliveryDates({ method: weekday!, now: at('14:00'), timeZone, count: 1 })).toEqual(['2026-11-30']);
    expect(deliveryDates({ method: pickUp!, now: at('16:00'), timeZone, count: 2 })).toEqual([
      '2026-11-26',
      '2026-11-27',
    ]);
  });
});
