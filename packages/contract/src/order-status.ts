import type { OrderStatus } from './enums.ts';

// The order state machine (issue 10): PROCESSING → SHIPPED → COMPLETED; PROCESSING ↔ ON_HOLD;
// PROCESSING or ON_HOLD → CANCELLED. The server enforces it, OpenAPI documents it, the screens
// offer only the moves it allows.

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  PROCESSING: ['SHIPPED', 'ON_HOLD', 'CANCELLED'],
  ON_HOLD: ['PROCESSING', 'CANCELLED'],
  SHIPPED: ['COMPLETED'],
  COMPLETED: [],
  CANCELLED: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Lines, delivery and the delivery fee can be changed only while the order is not yet on its way. */
export function isOrderEditable(status: OrderStatus): boolean {
  return status === 'PROCESSING' || status === 'ON_HOLD';
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PROCESSING: 'Processing',
  ON_HOLD: 'On hold',
  SHIPPED: 'Shipped',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** "A shipped order", "An on hold order". */
function anOrder(status: OrderStatus): string {
  const label = ORDER_STATUS_LABELS[status].toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'An' : 'A'} ${label} order`;
}

/** Why a move is refused, in words for a person. */
export function orderMoveRefusal(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `The order is already ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
  const allowed = ORDER_TRANSITIONS[from];
  if (allowed.length === 0) return `${anOrder(from)} cannot change status`;
  return `${anOrder(from)} can only become ${allowed
    .map((status) => ORDER_STATUS_LABELS[status].toLowerCase())
    .join(' or ')}`;
}
