import { randomUUID } from 'node:crypto';
import { computeOrderTotals, deliveryGstRate, type OrderStatus, resolveUnitPrice } from '@tradeport/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  customerAccounts,
  orderCounters,
  orderEvents,
  orderLines,
  orders,
  organisations,
  products,
  tierPrices,
  unitsOfMeasure,
} from '../../platform/db/schema/index.ts';
import { productGstRates } from '../taxes/tax-rates.queries.ts';

// An order straight into the database, as placing one leaves it (numbers from the merchant's
// counters, lines with their snapshots at the customer's prices, totals from computeOrderTotals,
// a PLACED event), for tests whose subject is what happens to orders after they are placed.

export type TestOrderLine = { productId: string; quantity: number };

export async function createTestOrder(
  db: Db,
  options: {
    merchantId: string;
    customerAccountId: string;
    lines: TestOrderLine[];
    status?: OrderStatus;
    placedAt?: Date;
    placedByUserId?: string;
    deliveryDate?: string | null;
    deliveryFeeCents?: number;
    purchaseOrderNumber?: string | null;
    notes?: string | null;
  },
) {
  const { merchantId } = options;
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ account: customerAccounts, customer: organisations })
      .from(customerAccounts)
      .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
      .where(
        and(eq(customerAccounts.id, options.customerAccountId), eq(customerAccounts.merchantId, merchantId)),
      );
    if (!account) throw new Error('createTestOrder: no such customer account of the merchant');
    const [merchant] = await tx.select().from(organisations).where(eq(organisations.id, merchantId));
    const [counter] = await tx
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
    const productIds = options.lines.map((line) => line.productId);
    const rows = await tx
      .select({ product: products, unit: unitsOfMeasure, tierPriceCents: tierPrices.priceCents })
      .from(products)
      .leftJoin(unitsOfMeasure, eq(unitsOfMeasure.id, products.unitOfMeasureId))
      .leftJoin(
        tierPrices,
        and(
          eq(tierPrices.productId, products.id),
          eq(tierPrices.tierId, sql`${account.account.pricingTierId}`),
        ),
      )
      .where(and(eq(products.merchantId, merchantId), inArray(products.id, productIds)));
    const byId = new Map(rows.map((row) => [row.product.id, row]));
    const isTaxExempt = account.account.isTaxExempt;
    const rates = await productGstRates(tx, { merchantId, productIds, isTaxExempt });
    const priced = options.lines.map((line) => {
      const row = byId.get(line.productId);
      if (!row) throw new Error(`createTestOrder: no product ${line.productId} of the merchant`);
      return {
        line,
        row,
        unitPriceCents: resolveUnitPrice({
          basePriceCents: row.product.basePriceCents,
          tierPriceCents: row.tierPriceCents,
        }),
        gstRateBasisPoints: rates.get(row.product.id)!,
      };
    });
    const totals = computeOrderTotals({
      lines: priced.map((p) => ({
        quantity: p.line.quantity,
        unitPriceCents: p.unitPriceCents,
        gstRateBasisPoints: p.gstRateBasisPoints,
      })),
      deliveryFeeCents: options.deliveryFeeCents ?? 0,
      deliveryGstRateBasisPoints: deliveryGstRate({ isTaxExempt }),
      rounding: merchant!.gstRounding,
    });
    const placedAt = options.placedAt ?? new Date();
    const status = options.status ?? 'PROCESSING';
    const dueDate = new Date(placedAt.getTime() + account.account.paymentTermsDays * 86_400_000)
      .toISOString()
      .slice(0, 10);
    // Lines first, as placing writes them (the foreign keys wait for the transaction's end): the
    // order's search text is written from its lines when it is inserted (migration 0019).
    const orderId = randomUUID();
    const lines = await tx
      .insert(orderLines)
      .values(
        priced.map((p, index) => ({
          merchantId,
          orderId,
          productId: p.row.product.id,
          position: index + 1,
          name: p.row.product.name,
          sku: p.row.product.sku,
          unitName: p.row.unit?.name ?? null,
          unitAbbreviation: p.row.unit?.abbreviation ?? null,
          quantity: p.line.quantity,
          unitPriceCents: p.unitPriceCents,
          gstRateBasisPoints: p.gstRateBasisPoints,
          subtotalCents: totals.lines[index]!.subtotalCents,
          gstCents: totals.lines[index]!.gstCents,
        })),
      )
      .returning();
    const [order] = await tx
      .insert(orders)
      .values({
        id: orderId,
        merchantId,
        customerAccountId: options.customerAccountId,
        number: counter!.lastOrderNumber,
        invoiceNumber: counter!.lastInvoiceNumber,
        status,
        placedByUserId: options.placedByUserId ?? null,
        customerName: account.customer.title,
        customerAbn: account.customer.abn,
        deliveryAddress: account.customer.addressLine1,
        deliveryDate: options.deliveryDate ?? null,
        notes: options.notes ?? null,
        purchaseOrderNumber: options.purchaseOrderNumber ?? null,
        paymentTermsDays: account.account.paymentTermsDays,
        dueDate,
        gstRounding: merchant!.gstRounding,
        isTaxExempt,
        subtotalCents: totals.subtotalCents,
        deliveryFeeCents: totals.deliveryFeeCents,
        gstCents: totals.gstCents,
        totalCents: totals.totalCents,
        placedAt,
        shippedAt: status === 'SHIPPED' || status === 'COMPLETED' ? placedAt : null,
        completedAt: status === 'COMPLETED' ? placedAt : null,
        cancelledAt: status === 'CANCELLED' ? placedAt : null,
      })
      .returning();
    await tx.insert(orderEvents).values({
      merchantId,
      orderId: order!.id,
      kind: 'PLACED',
      userId: options.placedByUserId ?? null,
      details: { total_cents: totals.totalCents },
      at: placedAt,
    });
    return { ...order!, lines };
  });
}
