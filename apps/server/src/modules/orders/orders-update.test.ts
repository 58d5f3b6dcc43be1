import type { Order } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, shippingMethods } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';
import { orderTestKit } from './orders-test-kit.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { shop, getOrder, send } = orderTestKit(() => t);

const patch = (id: string, headers: Record<string, string>, body: object) =>
  send('PATCH', `/orders/${id}`, headers, body);

describe('PATCH /orders/{id}', () => {
  it('moves the status through the state machine, stamping when, and keeps who did it in the history', async () => {
    const s = await shop();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    const shipped = await patch(placed.id, s.admin.headers, { version: 1, status: 'SHIPPED' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'SHIPPED',
      version: 2,
      can_edit: false,
      allowed_statuses: ['COMPLETED'],
    } satisfies Partial<Order>);
    // The history is in time order: the app's clock (fixed in tests) moves on before the next change.
    t.setNow(new Date(Date.now() + 60_000));
    const completed = (
      await patch(placed.id, s.admin.headers, { version: 2, status: 'COMPLETED' })
    ).json() as Order;
    t.setNow(new Date());
    expect(completed.history.map((e) => [e.kind, e.details, e.user_name])).toEqual([
      ['PLACED', { total_cents: placed.totalCents }, null],
      ['STATUS_CHANGED', { from: 'PROCESSING', to: 'SHIPPED' }, 'Ada Admin'],
      ['STATUS_CHANGED', { from: 'SHIPPED', to: 'COMPLETED' }, 'Ada Admin'],
    ]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.shippedAt).toBeInstanceOf(Date);
    expect(row!.completedAt!.getTime()).toBeGreaterThan(row!.shippedAt!.getTime());
    expect(row!.cancelledAt).toBeNull();
  });

  it('keeps a status and details changed at once in the order they were made', async () => {
    const s = await shop();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    const held = await patch(placed.id, s.admin.headers, {
      version: 1,
      status: 'ON_HOLD',
      notes: 'Awaiting payment',
    });
    expect(held.statusCode, held.body).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const order = await getOrder(placed.id, s.admin.headers);
      expect(order.history.map((e) => e.kind)).toEqual(['PLACED', 'STATUS_CHANGED', 'DETAILS_CHANGED']);
      expect(order.history[2]!.details).toEqual({ notes: { from: null, to: 'Awaiting payment' } });
    }
  });

  it('refuses a move the state machine does not allow, in its words, and changes nothing', async () => {
    const s = await shop();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }], { status: 'SHIPPED' });
    const refused = await patch(placed.id, s.admin.headers, {
      version: 1,
      status: 'CANCELLED',
      notes: 'Call first',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      request_id: expect.any(String),
      error_code: 'STATUS_TRANSITION_NOT_ALLOWED',
      message: 'A shipped order can only become completed.',
    });
    const order = await getOrder(placed.id, s.admin.headers);
    expect(order).toMatchObject({ status: 'SHIPPED', version: 1, notes: null });
  });

  it('answers a stale version with 409 CONFLICT', async () => {
    const s = await shop();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    expect((await patch(placed.id, s.admin.headers, { version: 1, notes: 'Back door' })).statusCode).toBe(
      200,
    );
    const stale = await patch(placed.id, s.admin.headers, { version: 1, notes: 'Front door' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
    expect((await getOrder(placed.id, s.admin.headers)).notes).toBe('Back door');
  });

  it('lets one of several concurrent edits of one version through, and answers the rest 409', async () => {
    const s = await shop();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    const answers = await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map((notes) =>
        patch(placed.id, s.admin.headers, { version: 1, notes }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const order = await getOrder(placed.id, s.admin.headers);
    expect(order.version).toBe(2);
    expect(order.history.filter((e) => e.kind === 'DETAILS_CHANGED')).toHaveLength(1);
  });

  it('changes delivery only while open, notes and PO until the order is done with', async () => {
    const s = await shop();
    const [method] = await t.database.db
      .insert(shippingMethods)
      .values({ merchantId: s.merchant.id, name: 'Tuesday run', kind: 'DELIVERY' })
      .returning();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }], {
      deliveryDate: '2025-02-01',
    });
    const changed = await patch(placed.id, s.admin.headers, {
      version: 1,
      delivery_date: '2025-02-04',
      shipping_method_id: method!.id,
      purchase_order_number: 'PO-1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const order = changed.json() as Order;
    expect(order).toMatchObject({
      delivery_date: '2025-02-04',
      shipping_method_id: method!.id,
      shipping_method_name: 'Tuesday run',
      shipping_method_kind: 'DELIVERY',
      purchase_order_number: 'PO-1',
    });
    expect(order.history.at(-1)).toMatchObject({
      kind: 'DETAILS_CHANGED',
      details: {
        delivery_date: { from: '2025-02-01', to: '2025-02-04' },
        shipping_method: { from: null, to: 'Tuesday run' },
        purchase_order_number: { from: null, to: 'PO-1' },
      },
    });

    await patch(placed.id, s.admin.headers, { version: 2, status: 'SHIPPED' });
    // Sending the delivery date back unchanged is not a change; a new one is refused.
    const same = await patch(placed.id, s.admin.headers, {
      version: 3,
      delivery_date: '2025-02-04',
      notes: 'Left at door',
    });
    expect(same.statusCode, same.body).toBe(200);
    const moved = await patch(placed.id, s.admin.headers, { version: 4, delivery_date: '2025-02-05' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({
      request_id: expect.any(String),
      error_code: 'ORDER_NOT_EDITABLE',
      message: 'The delivery date cannot change on a shipped order.',
    });

    await patch(placed.id, s.admin.headers, { version: 4, status: 'COMPLETED' });
    const notes = await patch(placed.id, s.admin.headers, { version: 5, notes: 'Too late' });
    expect(notes.statusCode).toBe(409);
    expect(notes.json().error_code).toBe('ORDER_NOT_EDITABLE');
    expect((await getOrder(placed.id, s.admin.headers)).notes).toBe('Left at door');
  });

  it('answers a method of another merchant with 404, and an unchanged form without a new version', async () => {
    const s = await shop();
    const elsewhere = await shop('Other Wholesale');
    const [foreign] = await t.database.db
      .insert(shippingMethods)
      .values({ merchantId: elsewhere.merchant.id, name: 'Their van' })
      .returning();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    const response = await patch(placed.id, s.admin.headers, { version: 1, shipping_method_id: foreign!.id });
    expect(response.statusCode).toBe(404);
    const unchanged = await patch(placed.id, s.admin.headers, {
      version: 1,
      status: 'PROCESSING',
      notes: null,
    });
    expect(unchanged.json()).toMatchObject({
      version: 1,
      history: [expect.objectContaining({ kind: 'PLACED' })],
    });
  });

  it('refuses bad input with 400, the customer with 403 and another merchant with 404, changing nothing', async () => {
    const s = await shop();
    const elsewhere = await shop('Other Wholesale');
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    const before = await fingerprint(t);
    const invalid = await patch(placed.id, s.admin.headers, { status: 'SHIPPED' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error_code).toBe('VALIDATION_ERROR');
    expect((await patch(placed.id, s.admin.headers, { version: 1, delivery_date: 'soon' })).statusCode).toBe(
      400,
    );
    const ancient = await patch(placed.id, s.admin.headers, { version: 1, delivery_date: '0000-01-01' });
    expect(ancient.statusCode).toBe(400);
    const customer = await patch(placed.id, s.customerPerson.headers, { version: 1, status: 'CANCELLED' });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error_code).toBe('FORBIDDEN');
    const other = await patch(placed.id, elsewhere.admin.headers, { version: 1, status: 'CANCELLED' });
    expect(other.statusCode).toBe(404);
    expect(
      (await patch(placed.id, s.otherPerson.headers, { version: 1, status: 'CANCELLED' })).statusCode,
    ).toBe(404);
    expect(await fingerprint(t)).toEqual(before);
  });
});
