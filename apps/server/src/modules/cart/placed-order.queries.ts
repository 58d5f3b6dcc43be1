import { isOrderEditable, type Order, ORDER_TRANSITIONS } from '@tradeport/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  customerAccounts,
  orderEvents,
  orderLines,
  orders,
  organisations,
  users,
} from '../../platform/db/schema/index.ts';

// The order placing answers with, as the contract's `Order`. The orders module owns the order's
// read model; this small reader lets placing answer without waiting for it, and is the one
// function to swap for that module's when both are on main.

const iso = (date: Date) => date.toISOString();

/** One order as the caller sees it: a merchant member gets what it may do next, a customer nothing. */
export async function findPlacedOrder(
  db: Db,
  options: { orderId: string; isMerchantMember: boolean },
): Promise<Order | undefined> {
  const [row] = await db
    .select({
      order: orders,
      merchantTitle: organisations.title,
      customerOrganisationId: customerAccounts.customerOrganisationId,
      placedByName: users.name,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.merchantId))
    .innerJoin(customerAccounts, eq(customerAccounts.id, orders.customerAccountId))
    .leftJoin(users, eq(users.id, orders.placedByUserId))
    .where(eq(orders.id, options.orderId));
  if (!row) return undefined;
  const [lines, events] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, options.orderId))
      .orderBy(asc(orderLines.position)),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, options.orderId))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
  ]);
  const { order } = row;
  const canEdit = options.isMerchantMember && isOrderEditable(order.status);
  return {
    id: order.id,
    number: order.number,
    invoice_number: order.invoiceNumber,
    status: order.status,
    merchant: { id: order.merchantId, title: row.merchantTitle },
    customer: { organisation_id: row.customerOrganisationId, name: order.customerName },
    placed_at: iso(order.placedAt),
    delivery_date: order.deliveryDate,
    shipping_method_name: order.shippingMethodName,
    purchase_order_number: order.purchaseOrderNumber,
    is_placed_by_merchant: order.isPlacedByMerchant,
    line_count: lines.length,
    total_cents: order.totalCents,
    customer_abn: order.customerAbn,
    delivery_address: order.deliveryAddress,
    shipping_method_id: order.shippingMethodId,
    shipping_method_kind: order.shippingMethodKind,
    notes: order.notes,
    placed_by_name: row.placedByName,
    payment_terms_days: order.paymentTermsDays,
    due_date: order.dueDate,
    gst_rounding: order.gstRounding,
    is_tax_exempt: order.isTaxExempt,
    subtotal_cents: order.subtotalCents,
    delivery_fee_cents: order.deliveryFeeCents,
    gst_cents: order.gstCents,
    lines: lines.map((line) => ({
      product_id: line.productId,
      name: line.name,
      sku: line.sku,
      unit_name: line.unitName,
      unit_abbreviation: line.unitAbbreviation,
      quantity: line.quantity,
      unit_price_cents: line.unitPriceCents,
      gst_rate_basis_points: line.gstRateBasisPoints,
      subtotal_cents: line.subtotalCents,
      gst_cents: line.gstCents,
    })),
    history: events.map((event) => ({
      kind: event.kind,
      at: iso(event.at),
      user_name: event.userName,
      details: event.details,
    })),
    version: order.version,
    can_edit: canEdit,
    allowed_statuses: options.isMerchantMember ? [...ORDER_TRANSITIONS[order.status]] : [],
  };
}
