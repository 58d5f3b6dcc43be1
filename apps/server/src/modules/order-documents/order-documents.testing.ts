import { computeOrderTotals, deliveryGstRate, GST_RATE_BASIS_POINTS } from '@tradeport/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  orderCounters,
  orderLines,
  orders,
  organisations,
  products,
} from '../../platform/db/schema/index.ts';
import { createTestProduct } from '../../testing/index.ts';

// Orders straight into the database for the documents' tests, whose subject is not placing an
// order (the cart helpers own that). Unlike orders.testing.ts's createTestOrder, which prices
// existing products by the customer's rules, each line here names its own price, name and SKU, so
// a test can print exactly the invoice it means to check. Totals come from the contract's one pricing function, so a
// fixture order is priced exactly as a placed one.

export type PricedTestOrderLine = {
  /** A product of the merchant's; absent: a new one, named by `name` and `sku`. */
  productId?: string;
  name?: string;
  sku?: string;
  quantity: number;
  unitPriceCents: number;
  gstRateBasisPoints?: number;
  unitName?: string | null;
  unitAbbreviation?: string | null;
};

type OrderOverrides = Partial<
  Pick<
    typeof orders.$inferInsert,
    | 'customerName'
    | 'customerAbn'
    | 'deliveryAddress'
    | 'shippingMethodName'
    | 'shippingMethodKind'
    | 'deliveryDate'
    | 'notes'
    | 'purchaseOrderNumber'
    | 'paymentTermsDays'
    | 'dueDate'
    | 'status'
    | 'placedAt'
    | 'isTaxExempt'
    | 'id'
  >
>;

/** A placed order of `customerAccountId` with `merchantId`, numbered from the merchant's counters. */
export async function createPricedTestOrder(
  db: Db,
  options: {
    merchantId: string;
    customerAccountId: string;
    lines: PricedTestOrderLine[];
    deliveryFeeCents?: number;
  } & OrderOverrides,
) {
  const { merchantId, customerAccountId, lines, deliveryFeeCents = 0, ...overrides } = options;
  const isTaxExempt = overrides.isTaxExempt ?? false;
  const priced = lines.map((line) => ({
    ...line,
    gstRateBasisPoints: isTaxExempt ? 0 : (line.gstRateBasisPoints ?? GST_RATE_BASIS_POINTS),
  }));
  const totals = computeOrderTotals({
    lines: priced,
    deliveryFeeCents,
    deliveryGstRateBasisPoints: deliveryGstRate({ isTaxExempt }),
    rounding: 'PER_LINE',
  });
  const [counter] = await db
    .insert(orderCounters)
    .values({ merchantId, lastOrderNumber: 1, lastInvoiceNumber: 1 })
    .onConflictDoUpdate({
      target: orderCounters.merchantId,
      set: {
        lastOrderNumber: sql`${orderCounters.lastOrderNumber} + 1`,
        lastInvoiceNumber: sql`${orderCounters.lastInvoiceNumber} + 1`,
      },
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      merchantId,
      customerAccountId,
      number: counter!.lastOrderNumber,
      invoiceNumber: counter!.lastInvoiceNumber,
      customerName: 'Bean There Café',
      paymentTermsDays: 14,
      dueDate: '2026-12-08',
      gstRounding: 'PER_LINE',
      subtotalCents: totals.subtotalCents,
      deliveryFeeCents,
      gstCents: totals.gstCents,
      totalCents: totals.totalCents,
      ...overrides,
    })
    .returning();
  for (const [position, line] of priced.entries()) {
    const product = line.productId
      ? (await db.select().from(products).where(eq(products.id, line.productId)))[0]!
      : await createTestProduct(db, {
          merchantId,
          ...(line.name ? { name: line.name } : {}),
          ...(line.sku ? { sku: line.sku } : {}),
        });
    await db.insert(orderLines).values({
      merchantId,
      orderId: order!.id,
      productId: product.id,
      position,
      name: product.name,
      sku: product.sku,
      unitName: line.unitName ?? null,
      unitAbbreviation: line.unitAbbreviation ?? null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      gstRateBasisPoints: line.gstRateBasisPoints,
      subtotalCents: totals.lines[position]!.subtotalCents,
      gstCents: totals.lines[position]!.gstCents,
    });
  }
  return order!;
}

/** The merchant details a tax invoice shows, as an Admin would have saved them. */
export async function setOrganisationDetails(
  db: Db,
  organisationId: string,
  details: Partial<typeof organisations.$inferInsert>,
) {
  await db.update(organisations).set(details).where(eq(organisations.id, organisationId));
}
