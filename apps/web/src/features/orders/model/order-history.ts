import { type Order, ORDER_STATUS_LABELS, OrderStatus } from '@tradeport/contract';
import { formatDate, formatMoney } from '#lib/format.ts';

type OrderEvent = Order['history'][number];

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const count = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function statusLabel(value: unknown): string | null {
  const parsed = OrderStatus.safeParse(value);
  return parsed.success ? ORDER_STATUS_LABELS[parsed.data].toLowerCase() : null;
}

function moneyOf(value: unknown): string | null {
  return typeof value === 'number' ? formatMoney(value) : null;
}

const DETAIL_NAMES: Record<string, string> = {
  notes: 'the notes',
  purchase_order_number: 'the purchase-order number',
  delivery_date: 'the delivery date',
  shipping_method: 'the delivery method',
};

function detailValue(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  if (name === 'delivery_date' && typeof value === 'string') return formatDate(value);
  return `“${String(value)}”`;
}

/** "the delivery date from 04/03/2025 to 05/03/2025", for each detail the event names. */
function detailsChanged(details: Record<string, unknown>): string {
  const parts = Object.entries(details)
    .filter(([name]) => name in DETAIL_NAMES)
    .map(([name, change]) => {
      const { from, to } = (change ?? {}) as { from?: unknown; to?: unknown };
      return `${DETAIL_NAMES[name]} from ${detailValue(name, from)} to ${detailValue(name, to)}`;
    });
  return parts.length > 0 ? `changed ${parts.join(', ')}` : 'changed the order’s details';
}

function lineName(details: Record<string, unknown>): string {
  const name = text(details.name) ?? 'a product';
  const sku = text(details.sku);
  return sku ? `${name} (${sku})` : name;
}

/**
 * What an event of the order's history did, as the end of a sentence that starts with who did it:
 * "moved it from processing to shipped". Details the server did not send are left out rather
 * than guessed.
 */
export function describeEvent(event: OrderEvent): string {
  const { details } = event;
  switch (event.kind) {
    case 'PLACED':
      return details.is_placed_by_merchant === true
        ? 'placed the order on the customer’s behalf'
        : 'placed the order';
    case 'STATUS_CHANGED': {
      const from = statusLabel(details.from);
      const to = statusLabel(details.to);
      if (from && to) return `moved it from ${from} to ${to}`;
      return to ? `moved it to ${to}` : 'changed its status';
    }
    case 'LINE_ADDED': {
      const quantity = count(details.quantity);
      return `added ${quantity !== null ? `${quantity} × ` : ''}${lineName(details)}`;
    }
    case 'LINE_CHANGED': {
      // The server writes `quantity: {from, to}`; a flat `from`/`to` is read the same.
      const quantity = (details.quantity ?? details) as { from?: unknown; to?: unknown };
      const from = count(quantity.from);
      const to = count(quantity.to);
      const change = from !== null && to !== null ? ` from ${from} to ${to}` : '';
      return `changed the quantity of ${lineName(details)}${change}`;
    }
    case 'LINE_REMOVED':
      return `removed ${lineName(details)}`;
    case 'DETAILS_CHANGED':
      return detailsChanged(details);
    case 'DELIVERY_FEE_CHANGED': {
      const from = moneyOf(details.from);
      const to = moneyOf(details.to);
      if (from && to) return `changed the delivery fee from ${from} to ${to}`;
      return to ? `set the delivery fee to ${to}` : 'changed the delivery fee';
    }
  }
}

/** "Mia Chen moved it from processing to shipped"; an event with no person was the system's. */
export function eventSentence(event: OrderEvent): string {
  const who = event.user_name ?? 'Tradeport';
  return `${who} ${describeEvent(event)}`;
}
