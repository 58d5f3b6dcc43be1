import {
  isOrderEditable,
  orderPaymentStatus,
  outstandingCents,
  ORDER_TRANSITIONS,
  type Order,
  type OrderLine,
  type OrderSummary,
} from '@tradeport/contract';
import type { OrderListRow, OrderRecord } from './order-rows.queries.ts';

// Orders as the contract shows them, from the rows the queries read.

/** Which side of the order the caller is on: the merchant runs it, the customer reads it. */
export type OrderViewer = 'MERCHANT' | 'CUSTOMER';

export function toOrderSummary(row: Omit<OrderListRow, 'placedKey'>): OrderSummary {
  const { order } = row;
  return {
    id: order.id,
    number: order.number,
    invoice_number: order.invoiceNumber,
    status: order.status,
    merchant: { id: order.merchantId, title: row.merchantTitle },
    customer: {
      organisation_id: row.customerOrganisationId,
      account_id: order.customerAccountId,
      name: order.customerName,
    },
    placed_at: order.placedAt,
    delivery_date: order.deliveryDate,
    shipping_method_name: order.shippingMethodName,
    purchase_order_number: order.purchaseOrderNumber,
    is_placed_by_merchant: order.isPlacedByMerchant,
    line_count: row.lineCount,
    total_cents: order.totalCents,
    payment_status: orderPaymentStatus({
      totalCents: order.totalCents,
      paidCents: order.paidCents,
      isTracked: row.isPaymentsTracked,
    }),
    paid_cents: order.paidCents,
    outstanding_cents: outstandingCents({
      totalCents: order.totalCents,
      paidCents: order.paidCents,
      isCancelled: order.status === 'CANCELLED',
    }),
  };
}

/**
 * What the order's screen shows of an order: its row, the columns its summary joins, its lines and
 * its history. Read whole by findOrderInScope; placing has it from its own writes.
 */
export type OrderShown = Pick<
  OrderRecord,
  'order' | 'customerOrganisationId' | 'merchantTitle' | 'isPaymentsTracked' | 'placedByName' | 'lineCount'
> & {
  lines: Pick<
    OrderRecord['lines'][number],
    | 'productId'
    | 'name'
    | 'sku'
    | 'unitName'
    | 'unitAbbreviation'
    | 'quantity'
    | 'unitPriceCents'
    | 'gstRateBasisPoints'
    | 'subtotalCents'
    | 'gstCents'
  >[];
  history: Pick<OrderRecord['history'][number], 'kind' | 'at' | 'userName' | 'details'>[];
};

function toOrderLine(line: OrderShown['lines'][number]): OrderLine {
  return {
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
  };
}

export function toOrder(record: OrderShown, viewer: OrderViewer): Order {
  const { order } = record;
  const isMerchant = viewer === 'MERCHANT';
  return {
    ...toOrderSummary({ ...record, order: { ...order, placedAt: order.placedAt.toISOString() } }),
    customer_abn: order.customerAbn,
    delivery_address: order.deliveryAddress,
    shipping_method_id: order.shippingMethodId,
    shipping_method_kind: order.shippingMethodKind,
    notes: order.notes,
    placed_by_name: record.placedByName,
    payment_terms_days: order.paymentTermsDays,
    due_date: order.dueDate,
    gst_rounding: order.gstRounding,
    is_tax_exempt: order.isTaxExempt,
    subtotal_cents: order.subtotalCents,
    delivery_fee_cents: order.deliveryFeeCents,
    gst_cents: order.gstCents,
    lines: record.lines.map(toOrderLine),
    history: record.history.map((event) => ({
      kind: event.kind,
      at: event.at.toISOString(),
      user_name: event.userName,
      details: event.details,
    })),
    version: order.version,
    can_edit: isMerchant && isOrderEditable(order.status),
    allowed_statuses: isMerchant ? [...ORDER_TRANSITIONS[order.status]] : [],
  };
}
