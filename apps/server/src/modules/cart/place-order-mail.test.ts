import type { Order } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../platform/db/schema/index.ts';
import { waitUntil } from '../../platform/jobs/testing/wait-until.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { cartTestKit } from './cart.testing.ts';

// Placing an order end to end with the app's job workers running: the `order.placed` job the
// placing transaction queued is run, and mails the customer and the merchant.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { workers: true });
});
afterAll(() => t.close());

const { shop, placeOrderOf } = cartTestKit(() => t);

describe('placing an order', () => {
  it('has its confirmation mailed to the customer’s people and its notice to the merchant’s', async () => {
    const { merchantId, admin, alpha, coffee, method } = await shop();
    const order: Order = await placeOrderOf({
      merchantId,
      side: alpha,
      productId: coffee.id,
      methodId: method.id,
    });
    const db = t.database.db;
    await waitUntil(
      async () => {
        const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
        return row?.confirmationQueuedAt !== null;
      },
      { what: 'the order.placed job', timeoutMs: 20_000 },
    );
    const mail = await db.select({ to: mailOutbox.toAddress, subject: mailOutbox.subject }).from(mailOutbox);
    const to = (email: string) => mail.filter((m) => m.to === email);
    expect(to(alpha.person.user.email)).toHaveLength(1);
    expect(to(admin.user.email)).toHaveLength(1);
  });
});
