import {
  type AgingReport,
  dateInZone,
  type GstReport,
  type PaymentsReport,
  presetDayRange,
  REPORT_DATE_PRESETS,
  type SalesGrouping,
  type SalesReport,
} from '@tradeport/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, orderLines, orders } from '../../platform/db/schema/index.ts';
import { createTestApp, createTestProduct, type TestApp } from '../../testing/index.ts';
import { createPricedTestOrder } from '../order-documents/order-documents.testing.ts';
import { insertPayment, NOW, receivablesKit } from '../receivables/receivables.testing.ts';
import { compactRollups } from '../receivables/rollups-compaction.job.ts';

// The reports on a fixed clock (NOW: 11:00 on Tuesday 31 March 2026 in Sydney, the merchant's
// zone): every total equals the sum over the orders and payments it covers, to the cent, for each
// of SPEC §3's presets, before and after the rollups are compacted. The documents are read back
// from the database, so the expectations are the orders as they were written, not the fixtures'
// intentions; the edges are the zone's (23:30 on the last day of a month in Sydney is that month,
// though UTC has it a day earlier) and what does not count (a cancelled order).

let t: TestApp;
const { api, merchantWithCustomers } = receivablesKit(() => t);
let shop: Awaited<ReturnType<typeof merchantWithCustomers>>;
let other: Awaited<ReturnType<typeof merchantWithCustomers>>;
const ZONE = 'Australia/Sydney';
const GROUPINGS: SalesGrouping[] = ['product', 'customer', 'category', 'brand'];

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  shop = await merchantWithCustomers();
  other = await merchantWithCustomers('Other Wholesale');
  const { db } = t.database;
  const merchantId = shop.merchant.id;
  const [coffee] = await db.insert(categories).values({ merchantId, name: 'Coffee' }).returning();
  const [beansCategory] = await db
    .insert(categories)
    .values({ merchantId, name: 'Beans', parentId: coffee!.id })
    .returning();
  const [dairy] = await db.insert(categories).values({ merchantId, name: 'Dairy' }).returning();
  const [roasters] = await db.insert(brands).values({ merchantId, name: 'Bay Roasters' }).returning();
  const beans = await createTestProduct(db, {
    merchantId,
    name: 'House Blend 1kg',
    sku: 'HB-1',
    categoryId: beansCategory!.id,
    brandId: roasters!.id,
  });
  const milk = await createTestProduct(db, {
    merchantId,
    name: 'Full Cream Milk 2L',
    sku: 'MK-2',
    categoryId: dairy!.id,
  });
  const cups = await createTestProduct(db, { merchantId, name: 'Cups 8oz', sku: 'CP-8' });

  const place = (
    customer: typeof shop.cafe,
    placedAt: string,
    options: { status?: 'CANCELLED' | 'COMPLETED'; deliveryFeeCents?: number; isTaxExempt?: boolean } = {},
  ) =>
    createPricedTestOrder(db, {
      merchantId,
      customerAccountId: customer.id,
      customerName: customer.title,
      placedAt: new Date(placedAt),
      dueDate: dateInZone(new Date(placedAt), ZONE),
      lines: [
        { productId: beans.id, quantity: 2, unitPriceCents: 3_333 },
        { productId: milk.id, quantity: 6, unitPriceCents: 295, gstRateBasisPoints: 0 },
        { productId: cups.id, quantity: 1, unitPriceCents: 1_999 },
      ],
      ...options,
    });
  // 23:30 on 31 December 2025 in Sydney (12:30 UTC): last year's.
  await place(shop.cafe, '2025-12-31T12:30:00Z', { status: 'COMPLETED', deliveryFeeCents: 1_500 });
  await place(shop.bistro, '2025-06-15T02:00:00Z', { status: 'COMPLETED' });
  // 23:30 on 28 February 2026 in Sydney (12:30 UTC): February's, last month's.
  await place(shop.cafe, '2026-02-28T12:30:00Z', { status: 'COMPLETED' });
  // 00:30 on 1 March 2026 in Sydney (13:30 UTC on 28 February): March's.
  await place(shop.bistro, '2026-02-28T13:30:00Z', { deliveryFeeCents: 995 });
  // Last week (Monday 23 – Sunday 29 March), and within the last 7 days.
  await place(shop.cafe, '2026-03-25T01:00:00Z');
  // Sunday 29 March, 23:30 in Sydney: last week's, not this week's.
  await place(shop.untracked, '2026-03-29T12:30:00Z', { deliveryFeeCents: 1_500, isTaxExempt: true });
  // Yesterday (Monday 30 March, this week) and today.
  await place(shop.bistro, '2026-03-30T03:00:00Z');
  await place(shop.cafe, '2026-03-30T22:00:00Z');
  // Cancelled today: sold nothing.
  await place(shop.cafe, '2026-03-30T23:00:00Z', { status: 'CANCELLED' });
  // The other merchant's sale is never in this one's reports.
  await createPricedTestOrder(db, {
    merchantId: other.merchant.id,
    customerAccountId: other.cafe.id,
    placedAt: new Date('2026-03-30T03:00:00Z'),
    lines: [{ quantity: 1, unitPriceCents: 50_000 }],
  });

  await insertPayment(t, {
    merchantId,
    customerAccountId: shop.cafe.id,
    amountCents: 5_000,
    paidOn: '2026-03-30',
  });
  await insertPayment(t, {
    merchantId,
    customerAccountId: shop.bistro.id,
    amountCents: 12_345,
    paidOn: '2026-03-31',
    method: 'CASH',
  });
  await insertPayment(t, {
    merchantId,
    customerAccountId: shop.bistro.id,
    amountCents: 777,
    paidOn: '2026-02-10',
  });
});
afterAll(() => t.close());

type Sums = {
  count: number;
  quantity: number;
  subtotal: number;
  delivery: number;
  gst: number;
  total: number;
};
const zero = (): Sums => ({ count: 0, quantity: 0, subtotal: 0, delivery: 0, gst: 0, total: 0 });

/** The merchant's orders and lines as written, with the Sydney day each order was placed. */
async function documents() {
  const { db } = t.database;
  const written = await db.select().from(orders).where(eq(orders.merchantId, shop.merchant.id));
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        written.map((order) => order.id),
      ),
    );
  return written.map((order) => ({
    ...order,
    day: dateInZone(order.placedAt, ZONE),
    lines: lines.filter((line) => line.orderId === order.id),
  }));
}

/** What each grouping's rows must be over [from, to): summed here from the documents. */
async function expectedSales(range: { from: string; to: string }) {
  const sold = (await documents()).filter(
    (order) => order.status !== 'CANCELLED' && order.day >= range.from && order.day < range.to,
  );
  const groups: Record<SalesGrouping, Map<string, Sums>> = {
    product: new Map(),
    customer: new Map(),
    category: new Map(),
    brand: new Map(),
  };
  const add = (grouping: SalesGrouping, key: string, amounts: Partial<Sums>) => {
    const sums = groups[grouping].get(key) ?? zero();
    for (const [field, value] of Object.entries(amounts)) sums[field as keyof Sums] += value;
    groups[grouping].set(key, sums);
  };
  const productNames = new Map<string, { category: string; brand: string }>([
    ['House Blend 1kg', { category: 'Coffee / Beans', brand: 'Bay Roasters' }],
    ['Full Cream Milk 2L', { category: 'Dairy', brand: 'No brand' }],
    ['Cups 8oz', { category: 'No category', brand: 'No brand' }],
  ]);
  for (const order of sold) {
    add('customer', order.customerName, {
      count: 1,
      subtotal: order.subtotalCents,
      delivery: order.deliveryFeeCents,
      gst: order.gstCents,
      total: order.totalCents,
    });
    for (const line of order.lines) {
      const amounts = {
        count: 1,
        quantity: line.quantity,
        subtotal: line.subtotalCents,
        gst: line.gstCents,
        total: line.subtotalCents + line.gstCents,
      };
      const taxonomy = productNames.get(line.name)!;
      add('product', line.name, amounts);
      add('category', taxonomy.category, amounts);
      add('brand', taxonomy.brand, amounts);
    }
  }
  const gstFree = sold.reduce(
    (sum, order) =>
      sum +
      order.lines
        .filter((line) => line.gstRateBasisPoints === 0)
        .reduce((lines, line) => lines + line.subtotalCents, 0) +
      (order.isTaxExempt ? order.deliveryFeeCents : 0),
    0,
  );
  return {
    groups,
    orderCount: sold.length,
    totalCents: sold.reduce((sum, order) => sum + order.totalCents, 0),
    gstCents: sold.reduce((sum, order) => sum + order.gstCents, 0),
    gstFreeCents: gstFree,
  };
}

const reportRows = (report: SalesReport) =>
  new Map(
    report.rows.map((row) => [
      row.name,
      {
        count: row.count,
        quantity: row.quantity ?? 0,
        subtotal: row.subtotal_cents,
        delivery: row.delivery_fee_cents,
        gst: row.gst_cents,
        total: row.total_cents,
      },
    ]),
  );

const get = async <T>(url: string, headers = shop.headers) => {
  const response = await api('GET', url, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

async function expectEveryPresetToReconcile() {
  let nonEmpty = 0;
  for (const preset of REPORT_DATE_PRESETS) {
    const range = presetDayRange(preset, { now: NOW, timeZone: ZONE });
    const expected = await expectedSales(range);
    if (expected.orderCount > 0) nonEmpty += 1;
    for (const grouping of GROUPINGS) {
      const report = await get<SalesReport>(
        `/reports/${shop.merchant.id}/sales?period=${preset}&group_by=${grouping}`,
      );
      const rows = reportRows(report);
      const wanted = expected.groups[grouping];
      expect(rows, `${preset} by ${grouping}`).toEqual(
        new Map(
          [...wanted].map(([key, sums]) => [key, grouping === 'customer' ? { ...sums, quantity: 0 } : sums]),
        ),
      );
      const sum = (field: keyof Sums) => [...wanted.values()].reduce((total, sums) => total + sums[field], 0);
      expect(report.totals, `${preset} totals by ${grouping}`).toEqual({
        count: sum('count'),
        quantity: grouping === 'customer' ? null : sum('quantity'),
        subtotal_cents: sum('subtotal'),
        delivery_fee_cents: sum('delivery'),
        gst_cents: sum('gst'),
        total_cents: sum('total'),
      });
      expect(report.order_count).toBe(expected.orderCount);
      expect(report.row_count).toBe(wanted.size);
      expect(report.by_day.reduce((total, day) => total + day.total_cents, 0)).toBe(expected.totalCents);
    }
    const gst = await get<GstReport>(`/reports/${shop.merchant.id}/gst?period=${preset}`);
    expect(gst.totals, `${preset} GST`).toEqual({
      order_count: expected.orderCount,
      total_sales_cents: expected.totalCents,
      gst_cents: expected.gstCents,
      gst_free_sales_cents: expected.gstFreeCents,
      taxable_sales_cents: expected.totalCents - expected.gstCents - expected.gstFreeCents,
    });
    expect(gst.by_month.reduce((total, month) => total + month.total_sales_cents, 0)).toBe(
      expected.totalCents,
    );
  }
  // The fixtures put sales in most presets: not empty worlds compared.
  expect(nonEmpty).toBeGreaterThanOrEqual(10);
}

describe('GET /reports/{id}/sales and /gst', () => {
  it('equal the orders they cover, to the cent, for every preset, pending and compacted', async () => {
    await expectEveryPresetToReconcile();
    await compactRollups(t.database.db);
    await expectEveryPresetToReconcile();
  });

  it('put 23:30 on the last day of a month in Sydney in that month, and cancelled orders nowhere', async () => {
    const february = await get<SalesReport>(
      `/reports/${shop.merchant.id}/sales?from=2026-02-01&to=2026-02-28&group_by=customer`,
    );
    expect(february.rows.map((row) => [row.name, row.count])).toEqual([['Bean There Café', 1]]);
    expect(february.by_day.at(-1)).toMatchObject({ date: '2026-02-28', order_count: 1 });
    const march = await get<GstReport>(`/reports/${shop.merchant.id}/gst?period=THIS_MONTH`);
    expect(march.by_month).toHaveLength(1);
    expect(march.by_month[0]).toMatchObject({
      month: '2026-03',
      period: { from: '2026-03-01', to: '2026-03-31' },
    });
    // 1 March 00:30, 25, 29, 30 (twice) March; the cancelled one is not among them.
    expect(march.totals.order_count).toBe(5);
    const lastYear = await get<GstReport>(`/reports/${shop.merchant.id}/gst?period=LAST_YEAR`);
    expect(lastYear.by_month.map((month) => month.month)).toHaveLength(12);
    expect(lastYear.by_month.at(-1)).toMatchObject({ month: '2025-12', order_count: 1 });
  });

  it('lists the largest rows first, says how many there are, and keeps the totals of all', async () => {
    const report = await get<SalesReport>(
      `/reports/${shop.merchant.id}/sales?period=THIS_YEAR&group_by=product&limit=1`,
    );
    expect(report.rows).toHaveLength(1);
    expect(report.row_count).toBe(3);
    expect(report.rows[0]).toMatchObject({ name: 'House Blend 1kg', sku: 'HB-1' });
    expect(report.totals.count).toBe(3 * report.order_count);
  });

  it('answers a bad period or grouping with 400, and keeps to the merchant', async () => {
    const base = `/reports/${shop.merchant.id}/sales`;
    for (const query of [
      'period=LAST_DECADE',
      'from=2026-03-01',
      'from=2026-03-10&to=2026-03-01',
      'period=TODAY&from=2026-03-01&to=2026-03-02',
      'from=2020-01-01&to=2026-03-01',
      'group_by=supplier',
      'limit=501',
    ]) {
      const response = await api('GET', `${base}?${query}`, shop.headers);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error_code: expect.any(String), message: expect.any(String) });
    }
    // Another merchant's reports: 404 to a stranger; a customer organisation's own id: 403.
    for (const path of ['sales', 'gst', 'payments', 'aging', 'sales/csv', 'aging/csv']) {
      expect((await api('GET', `/reports/${other.merchant.id}/${path}`, shop.headers)).statusCode, path).toBe(
        404,
      );
    }
    const cafeMember = shop.cafePerson;
    expect(
      (await api('GET', `/reports/${shop.cafe.organisation_id}/sales`, cafeMember.headers)).statusCode,
    ).toBe(403);
    // The other merchant's 500-dollar order is only in its own report.
    const theirs = await get<SalesReport>(
      `/reports/${other.merchant.id}/sales?period=TODAY&group_by=customer`,
      other.headers,
    );
    expect(theirs.totals.subtotal_cents).toBe(0);
    const yesterday = await get<SalesReport>(
      `/reports/${other.merchant.id}/sales?period=YESTERDAY`,
      other.headers,
    );
    expect(yesterday.totals.subtotal_cents).toBe(50_000);
  });
});

describe('GET /reports/{id}/payments and /aging', () => {
  it('counts the payments received in the period by method', async () => {
    const report = await get<PaymentsReport>(`/reports/${shop.merchant.id}/payments?period=LAST_7_DAYS`);
    expect(report.received_cents).toBe(5_000 + 12_345);
    expect(report.received_count).toBe(2);
    expect(report.by_method.find((method) => method.method === 'CASH')).toEqual({
      method: 'CASH',
      payment_count: 1,
      amount_cents: 12_345,
    });
    const lastMonth = await get<PaymentsReport>(`/reports/${shop.merchant.id}/payments?period=LAST_MONTH`);
    expect(lastMonth.received_cents).toBe(777);
  });

  it("owes what the outstanding orders owe, each customer's by how overdue", async () => {
    const report = await get<AgingReport>(`/reports/${shop.merchant.id}/aging`);
    const outstanding = (await documents()).filter(
      (order) =>
        order.status !== 'CANCELLED' &&
        order.paidCents < order.totalCents &&
        order.customerName !== 'Untracked Deli',
    );
    expect(report.as_of).toBe('2026-03-31');
    expect(report.totals.owed_cents).toBe(
      outstanding.reduce((sum, order) => sum + order.totalCents - order.paidCents, 0),
    );
    expect(report.totals.order_count).toBe(outstanding.length);
    expect(report.rows.map((row) => row.name).sort()).toEqual(['Bean There Café', 'The Corner Bistro']);
    for (const row of report.rows) {
      expect(row.aging.reduce((sum, bucket) => sum + bucket.amount_cents, 0)).toBe(row.owed_cents);
    }
    // Due on the day placed: the orders of 2025 are over 90 days overdue.
    const ninetyPlus = outstanding
      .filter((order) => order.dueDate < '2025-12-31')
      .reduce((sum, order) => sum + order.totalCents - order.paidCents, 0);
    expect(
      report.totals.aging.find((bucket) => bucket.bucket === 'DAYS_90_PLUS')!.amount_cents,
    ).toBeGreaterThanOrEqual(ninetyPlus);
    const overview = await get<{ outstanding_cents: number }>(
      `/payments/organisation/${shop.merchant.id}/overview`,
    );
    expect(report.totals.owed_cents).toBe(overview.outstanding_cents);
  });
});

describe('the reports as CSV', () => {
  it('writes every row and a total, in dollars', async () => {
    const response = await api(
      'GET',
      `/reports/${shop.merchant.id}/sales/csv?period=THIS_YEAR&group_by=product`,
      shop.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('sales-by-product.csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('name,sku,count,quantity,sales_ex_gst,delivery_ex_gst,gst,total_inc_gst');
    expect(lines).toHaveLength(1 + 3 + 1);
    const json = await get<SalesReport>(
      `/reports/${shop.merchant.id}/sales?period=THIS_YEAR&group_by=product`,
    );
    const beans = json.rows.find((row) => row.sku === 'HB-1')!;
    expect(lines).toContain(
      `House Blend 1kg,HB-1,${beans.count},${beans.quantity},${(beans.subtotal_cents / 100).toFixed(2)},0.00,${(beans.gst_cents / 100).toFixed(2)},${(beans.total_cents / 100).toFixed(2)}`,
    );
    expect(lines.at(-1)).toBe(
      `Total,,${json.totals.count},${json.totals.quantity},${(json.totals.subtotal_cents / 100).toFixed(2)},0.00,${(json.totals.gst_cents / 100).toFixed(2)},${(json.totals.total_cents / 100).toFixed(2)}`,
    );

    const gst = await api('GET', `/reports/${shop.merchant.id}/gst/csv?period=LAST_YEAR`, shop.headers);
    expect(gst.body.trim().split('\r\n')).toHaveLength(1 + 12 + 1);
    const aging = await api('GET', `/reports/${shop.merchant.id}/aging/csv`, shop.headers);
    expect(aging.body.split('\r\n')[0]).toBe(
      'customer,orders,owed,overdue,days_0_30,days_31_60,days_61_90,days_90_plus',
    );
    const payments = await api(
      'GET',
      `/reports/${shop.merchant.id}/payments/csv?period=LAST_7_DAYS`,
      shop.headers,
    );
    expect(payments.body).toContain('Cash,1,123.45');
  });
});
