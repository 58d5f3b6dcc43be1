import type { AccountingProvider } from '@tradeport/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  accountingLinks,
  creditLines,
  credits,
  orderLines,
  orders,
  organisations,
  paymentAllocations,
  payments,
  taxRules,
} from '../../platform/db/schema/index.ts';

// What the sync sends, read as the books need it: an order with its lines, a payment with the
// orders it pays, a credit with its lines, and the tax rates the merchant's tax rules go out as.

/** An order as its invoice goes to the books. */
export async function findSyncOrder(db: Db, options: { merchantId: string; orderId: string }) {
  const [order] = await db
    .select({
      id: orders.id,
      customerAccountId: orders.customerAccountId,
      number: orders.number,
      invoiceNumber: orders.invoiceNumber,
      status: orders.status,
      purchaseOrderNumber: orders.purchaseOrderNumber,
      dueDate: orders.dueDate,
      isTaxExempt: orders.isTaxExempt,
      subtotalCents: orders.subtotalCents,
      deliveryFeeCents: orders.deliveryFeeCents,
      gstCents: orders.gstCents,
      totalCents: orders.totalCents,
      placedAt: orders.placedAt,
      shippingMethodName: orders.shippingMethodName,
      timeZone: organisations.timeZone,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.merchantId))
    .where(and(eq(orders.id, options.orderId), eq(orders.merchantId, options.merchantId)));
  if (!order) return undefined;
  const lines = await db
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      sku: orderLines.sku,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      gstRateBasisPoints: orderLines.gstRateBasisPoints,
      subtotalCents: orderLines.subtotalCents,
      gstCents: orderLines.gstCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  return { ...order, lines };
}
export type SyncOrder = NonNullable<Awaited<ReturnType<typeof findSyncOrder>>>;

/** A payment as it goes to the books, with the orders it pays. */
export async function findSyncPayment(db: Db, options: { merchantId: string; paymentId: string }) {
  const [payment] = await db
    .select({
      id: payments.id,
      customerAccountId: payments.customerAccountId,
      number: payments.number,
      method: payments.method,
      state: payments.state,
      amountCents: payments.amountCents,
      surchargeCents: payments.surchargeCents,
      paidOn: payments.paidOn,
      reference: payments.reference,
      creditId: payments.creditId,
    })
    .from(payments)
    .where(and(eq(payments.id, options.paymentId), eq(payments.merchantId, options.merchantId)));
  if (!payment) return undefined;
  const allocations = await db
    .select({
      orderId: paymentAllocations.orderId,
      amountCents: paymentAllocations.amountCents,
      refundedCents: paymentAllocations.refundedCents,
      invoiceNumber: orders.invoiceNumber,
    })
    .from(paymentAllocations)
    .innerJoin(orders, eq(orders.id, paymentAllocations.orderId))
    .where(
      and(
        eq(paymentAllocations.merchantId, options.merchantId),
        eq(paymentAllocations.paymentId, payment.id),
      ),
    )
    .orderBy(asc(orders.invoiceNumber));
  return { ...payment, allocations };
}
export type SyncPayment = NonNullable<Awaited<ReturnType<typeof findSyncPayment>>>;

/** A credit as its credit note goes to the books, with its lines (an adjustment note's). */
export async function findSyncCredit(db: Db, options: { merchantId: string; creditId: string }) {
  const [credit] = await db
    .select({
      id: credits.id,
      customerAccountId: credits.customerAccountId,
      number: credits.number,
      source: credits.source,
      reason: credits.reason,
      amountCents: credits.amountCents,
      gstCents: credits.gstCents,
      voidedAt: credits.voidedAt,
      createdAt: credits.createdAt,
      timeZone: organisations.timeZone,
    })
    .from(credits)
    .innerJoin(organisations, eq(organisations.id, credits.merchantId))
    .where(and(eq(credits.id, options.creditId), eq(credits.merchantId, options.merchantId)));
  if (!credit) return undefined;
  const lines = await db
    .select({
      productId: creditLines.productId,
      name: creditLines.name,
      sku: creditLines.sku,
      quantity: creditLines.quantity,
      unitPriceCents: creditLines.unitPriceCents,
      gstRateBasisPoints: creditLines.gstRateBasisPoints,
      gstCents: creditLines.gstCents,
    })
    .from(creditLines)
    .where(and(eq(creditLines.merchantId, options.merchantId), eq(creditLines.creditId, credit.id)))
    .orderBy(asc(creditLines.id));
  return { ...credit, lines };
}
export type SyncCredit = NonNullable<Awaited<ReturnType<typeof findSyncCredit>>>;

/** The tax rate each of the merchant's linked tax rules goes to the books as, by its rate. */
export async function listLinkedTaxRates(
  db: Db,
  options: { merchantId: string; provider: AccountingProvider },
) {
  return db
    .select({ rateBasisPoints: taxRules.rateBasisPoints, taxId: accountingLinks.externalId })
    .from(accountingLinks)
    .innerJoin(
      taxRules,
      and(eq(taxRules.merchantId, accountingLinks.merchantId), eq(taxRules.id, accountingLinks.localId)),
    )
    .where(
      and(
        eq(accountingLinks.merchantId, options.merchantId),
        eq(accountingLinks.provider, options.provider),
        eq(accountingLinks.kind, 'TAX_RULE'),
      ),
    );
}
