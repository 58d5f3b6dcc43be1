import type { Order } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAccounts } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { orderTestKit } from './orders-test-kit.testing.ts';
import { createTestOrder } from './orders.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, shop, getOrder, list } = orderTestKit(() => t);

describe('GET /orders/{id}', () => {
  it('shows the merchant its order with lines by position, history, and the moves it may make', async () => {
    const s = await shop();
    const placed = await s.order(
      [
        { productId: s.products.beans.id, quantity: 2 },
        { productId: s.products.bread.id, quantity: 3 },
      ],
      { placedByUserId: s.customerPerson.user.id, purchaseOrderNumber: 'PO-88' },
    );
    const order = await getOrder(placed.id, s.admin.headers);
    expect(order).toMatchObject({
      id: placed.id,
      number: 1,
      invoice_number: 1,
      status: 'PROCESSING',
      merchant: { id: s.merchant.id, title: 'Harbour Wholesale' },
      customer: {
        organisation_id: s.customer.organisation_id,
        account_id: s.customer.id,
        name: 'Bean There Café',
      },
      purchase_order_number: 'PO-88',
      line_count: 2,
      // 2 × 32.99 at 10 % and 3 × 6.50 GST-free: 65.98 + 19.50, GST 6.60.
      subtotal_cents: 8_548,
      gst_cents: 660,
      total_cents: 9_208,
      can_edit: true,
      allowed_statuses: ['SHIPPED', 'ON_HOLD', 'CANCELLED'],
      version: 1,
    } satisfies Partial<Order>);
    expect(
      order.lines.map((line) => [line.sku, line.quantity, line.gst_rate_basis_points, line.gst_cents]),
    ).toEqual([
      ['BEAN-1', 2, 1_000, 660],
      ['BRD-7', 3, 0, 0],
    ]);
    expect(order.history).toEqual([
      expect.objectContaining({ kind: 'PLACED', details: { total_cents: 9_208 } }),
    ]);
  });

  it('shows the customer its own order, with no moves to make', async () => {
    const s = await shop();
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    const order = await getOrder(placed.id, s.customerPerson.headers);
    expect(order.id).toBe(placed.id);
    // Its account with the merchant, which its card payments name.
    expect(order.customer.account_id).toBe(s.customer.id);
    expect(order.can_edit).toBe(false);
    expect(order.allowed_statuses).toEqual([]);
  });

  it('answers 404 to another customer of the merchant, to another merchant and to a bad id', async () => {
    const s = await shop();
    const elsewhere = await shop('Other Wholesale');
    const placed = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    for (const headers of [
      s.otherPerson.headers,
      elsewhere.admin.headers,
      elsewhere.customerPerson.headers,
    ]) {
      const response = await api('GET', `/orders/${placed.id}`, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().error_code).toBe('NOT_FOUND');
    }
    expect((await api('GET', '/orders/not-a-uuid', s.admin.headers)).statusCode).toBe(400);
  });
});

describe('GET /orders/organisation/{id}', () => {
  it('lists the merchant’s orders newest first and a customer only its own', async () => {
    const s = await shop();
    const day = (n: number) => new Date(Date.UTC(2025, 0, n, 1));
    const mine = await s.order([{ productId: s.products.milk.id, quantity: 1 }], { placedAt: day(1) });
    const theirs = await s.order([{ productId: s.products.milk.id, quantity: 1 }], {
      customerAccountId: s.other.id,
      placedAt: day(2),
    });
    const merchantView = await list(s.merchant.id, s.admin.headers);
    expect(merchantView.items.map((o) => o.id)).toEqual([theirs.id, mine.id]);
    expect(merchantView.items[0]).toMatchObject({
      line_count: 1,
      merchant: { title: 'Harbour Wholesale' },
      customer: { organisation_id: s.other.organisation_id, account_id: s.other.id, name: 'Crumb & Co' },
    });
    const customerView = await list(s.customer.organisation_id, s.customerPerson.headers);
    expect(customerView.items.map((o) => o.id)).toEqual([mine.id]);
    // Another customer's organisation is not the customer's to list.
    expect(
      (await api('GET', `/orders/organisation/${s.other.organisation_id}`, s.customerPerson.headers))
        .statusCode,
    ).toBe(404);
  });

  it('lists a customer’s orders with every merchant it buys from, or with one', async () => {
    const s = await shop();
    const elsewhere = await shop('Other Wholesale');
    const { db } = t.database;
    const [account] = await db
      .insert(customerAccounts)
      .values({ merchantId: elsewhere.merchant.id, customerOrganisationId: s.customer.organisation_id })
      .returning();
    const here = await s.order([{ productId: s.products.milk.id, quantity: 1 }]);
    const there = await createTestOrder(db, {
      merchantId: elsewhere.merchant.id,
      customerAccountId: account!.id,
      lines: [{ productId: elsewhere.products.beans.id, quantity: 1 }],
    });
    const ids = async (query: Record<string, string> = {}) =>
      (await list(s.customer.organisation_id, s.customerPerson.headers, query)).items.map((o) => o.id);
    expect(await ids()).toEqual([there.id, here.id]);
    expect(await ids({ merchant_id: elsewhere.merchant.id })).toEqual([there.id]);
    expect(await ids({ merchant_id: s.merchant.id })).toEqual([here.id]);
    // Each merchant still sees only its own.
    expect((await list(s.merchant.id, s.admin.headers)).items.map((o) => o.id)).toEqual([here.id]);
    expect((await getOrder(there.id, s.customerPerson.headers)).merchant.title).toBe('Other Wholesale');
  });

  it('pages by (placed_at, id) with no order repeated or skipped, ties included', async () => {
    const s = await shop();
    const same = new Date('2025-03-03T03:03:03.123Z');
    const ids = new Set<string>();
    for (let i = 0; i < 7; i += 1) {
      const placedAt = i < 4 ? same : new Date(same.getTime() - i * 1_000);
      ids.add((await s.order([{ productId: s.products.milk.id, quantity: 1 }], { placedAt })).id);
    }
    /** Every page of a list, following its cursors: the ids in order, and how many pages. */
    const walk = async (
      organisationId: string,
      headers: Record<string, string>,
      query: Record<string, string>,
    ) => {
      const walked: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(organisationId, headers, { ...query, ...(cursor ? { cursor } : {}) });
        walked.push(...page.items.map((o) => o.id));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor);
      return { walked, pages };
    };
    const { walked: seen, pages } = await walk(s.merchant.id, s.admin.headers, { limit: '2' });
    expect(pages).toBe(4);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(ids);
    // The same walk through the general statement (a filter every order meets) reads the same.
    const filtered = await walk(s.merchant.id, s.admin.headers, { limit: '3', status: 'PROCESSING' });
    expect(filtered.walked).toEqual(seen);
    // The customer's history (its one account's own statement) walks the same orders the same way.
    const history = await walk(s.customer.organisation_id, s.customerPerson.headers, { limit: '2' });
    expect(history.walked).toEqual(seen);
    const bad = await api('GET', `/orders/organisation/${s.merchant.id}?cursor=bm9wZQ`, s.admin.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('filters by status, customer, delivery dates, and placed dates or preset in the merchant’s zone', async () => {
    const s = await shop();
    const line = [{ productId: s.products.milk.id, quantity: 1 }];
    // 23:30 UTC on 14 January is the 15th in Sydney.
    const late = await s.order(line, {
      placedAt: new Date('2025-01-14T23:30:00Z'),
      deliveryDate: '2025-01-20',
    });
    const early = await s.order(line, {
      placedAt: new Date('2025-01-14T05:00:00Z'),
      status: 'SHIPPED',
      customerAccountId: s.other.id,
      deliveryDate: '2025-01-17',
    });
    const ids = async (query: Record<string, string>) =>
      (await list(s.merchant.id, s.admin.headers, query)).items.map((o) => o.id);
    expect(await ids({ status: 'SHIPPED' })).toEqual([early.id]);
    expect(await ids({ status: 'PROCESSING,ON_HOLD' })).toEqual([late.id]);
    expect(await ids({ customer_organisation_id: s.other.organisation_id })).toEqual([early.id]);
    expect(await ids({ delivery_from: '2025-01-18' })).toEqual([late.id]);
    expect(await ids({ delivery_to: '2025-01-17' })).toEqual([early.id]);
    expect(await ids({ placed_from: '2025-01-15', placed_to: '2025-01-15' })).toEqual([late.id]);
    expect(await ids({ placed_to: '2025-01-14' })).toEqual([early.id]);
    t.setNow(new Date('2025-01-15T02:00:00Z'));
    try {
      expect(await ids({ placed: 'TODAY' })).toEqual([late.id]);
      expect(await ids({ placed: 'YESTERDAY' })).toEqual([early.id]);
      expect(await ids({ placed: 'THIS_WEEK' })).toEqual([late.id, early.id]);
      expect(await ids({ placed: 'LAST_WEEK' })).toEqual([]);
    } finally {
      t.setNow(new Date());
    }
    // Dates the database cannot hold are refused as input, not failed on.
    for (const query of ['delivery_from=0000-01-01', 'placed_to=9999-12-31', 'placed_from=2025-02-30']) {
      const response = await api('GET', `/orders/organisation/${s.merchant.id}?${query}`, s.admin.headers);
      expect(response.statusCode, query).toBe(400);
    }
    const invalid = await api('GET', `/orders/organisation/${s.merchant.id}?status=LOST`, s.admin.headers);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error_code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /orders/organisation/{id}/search', () => {
  it('finds orders by number, customer, product name or SKU, and PO number', async () => {
    const s = await shop();
    const milkOrder = await s.order([{ productId: s.products.milk.id, quantity: 1 }], {
      purchaseOrderNumber: 'VENUE-4471',
    });
    const beanOrder = await s.order([{ productId: s.products.beans.id, quantity: 1 }], {
      customerAccountId: s.other.id,
    });
    const search = async (q: string, headers = s.admin.headers, organisationId = s.merchant.id) =>
      (await list(organisationId, headers, { q }, '/search')).items.map((o) => o.id);
    expect(await search(String(beanOrder.number))).toEqual([beanOrder.id]);
    expect(await search(`#${milkOrder.number}`)).toEqual([milkOrder.id]);
    expect(await search('crumb')).toEqual([beanOrder.id]);
    expect(await search('espresso')).toEqual([beanOrder.id]);
    expect(await search('mlk-2')).toEqual([milkOrder.id]);
    expect(await search('venue-44')).toEqual([milkOrder.id]);
    expect(await search('4471')).toEqual([milkOrder.id]);
    expect(await search('nothing like it')).toEqual([]);
    // A customer searches only its own orders.
    expect(await search('espresso', s.customerPerson.headers, s.customer.organisation_id)).toEqual([]);
    expect(await search('milk', s.customerPerson.headers, s.customer.organisation_id)).toEqual([
      milkOrder.id,
    ]);
    const short = await api('GET', `/orders/organisation/${s.merchant.id}/search?q=m`, s.admin.headers);
    expect(short.statusCode).toBe(400);
  });
});
