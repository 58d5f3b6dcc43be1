import { MAX_BULK_ORDERS } from '@tradeport/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { orderTestKit } from './orders-test-kit.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { shop, getOrder, send } = orderTestKit(() => t);

const bulk = (merchantId: string, status: string, headers: Record<string, string>, ids: string[]) =>
  send('POST', `/orders/organisation/${merchantId}/bulk-update/status/${status}`, headers, {
    order_ids: ids,
  });

describe('POST /orders/organisation/{id}/bulk-update/status/{status}', () => {
  it('moves every order that may move, and says why each other one did not', async () => {
    const s = await shop();
    const elsewhere = await shop('Other Wholesale');
    const line = [{ productId: s.products.milk.id, quantity: 1 }];
    const processing = await s.order(line);
    const held = await s.order(line, { status: 'ON_HOLD' });
    const completed = await s.order(line, { status: 'COMPLETED' });
    const foreign = await elsewhere.order([{ productId: elsewhere.products.milk.id, quantity: 1 }]);
    const missing = crypto.randomUUID();

    const response = await bulk(s.merchant.id, 'SHIPPED', s.admin.headers, [
      processing.id,
      held.id,
      completed.id,
      foreign.id,
      missing,
      processing.id,
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      moved: [{ id: processing.id, number: processing.number, status: 'SHIPPED' }],
      refused: [
        {
          id: held.id,
          number: held.number,
          reason: 'An on hold order can only become processing or cancelled',
        },
        { id: completed.id, number: completed.number, reason: 'A completed order cannot change status' },
        { id: foreign.id, number: null, reason: 'Order not found' },
        { id: missing, number: null, reason: 'Order not found' },
      ],
    });
    const shipped = await getOrder(processing.id, s.admin.headers);
    expect(shipped).toMatchObject({ status: 'SHIPPED', version: 2 });
    expect(shipped.history.at(-1)).toMatchObject({
      kind: 'STATUS_CHANGED',
      user_name: 'Ada Admin',
      details: { from: 'PROCESSING', to: 'SHIPPED' },
    });
    const rows = await t.database.db
      .select({ id: orders.id, status: orders.status, shippedAt: orders.shippedAt, version: orders.version })
      .from(orders)
      .where(inArray(orders.id, [held.id, completed.id, foreign.id, processing.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(processing.id)!.shippedAt).toBeInstanceOf(Date);
    expect([held, completed, foreign].map((o) => [byId.get(o.id)!.status, byId.get(o.id)!.version])).toEqual([
      ['ON_HOLD', 1],
      ['COMPLETED', 1],
      ['PROCESSING', 1],
    ]);
  });

  it('cancels open orders with the cancellation stamped', async () => {
    const s = await shop();
    const line = [{ productId: s.products.milk.id, quantity: 1 }];
    const ids = [(await s.order(line)).id, (await s.order(line, { status: 'ON_HOLD' })).id];
    const response = await bulk(s.merchant.id, 'CANCELLED', s.admin.headers, ids);
    expect(response.json().moved).toHaveLength(2);
    const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.every((row) => row.status === 'CANCELLED' && row.cancelledAt instanceof Date)).toBe(true);
  });

  it('refuses bad input with 400 and a customer with 403, changing nothing', async () => {
    const s = await shop();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    const before = await fingerprint(t);
    expect((await bulk(s.merchant.id, 'SHIPPED', s.admin.headers, [])).statusCode).toBe(400);
    const tooMany = Array.from({ length: MAX_BULK_ORDERS + 1 }, () => crypto.randomUUID());
    expect((await bulk(s.merchant.id, 'SHIPPED', s.admin.headers, tooMany)).statusCode).toBe(400);
    expect((await bulk(s.merchant.id, 'LOST', s.admin.headers, [placed.id])).statusCode).toBe(400);
    const customer = await bulk(s.customer.organisation_id, 'CANCELLED', s.customerPerson.headers, [
      placed.id,
    ]);
    expect(customer.statusCode).toBe(403);
    expect((await bulk(s.merchant.id, 'CANCELLED', s.customerPerson.headers, [placed.id])).statusCode).toBe(
      404,
    );
    expect(await fingerprint(t)).toEqual(before);
  });
});
