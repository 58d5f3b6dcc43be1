import {
  ORDER_PAYMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type OrderPaymentStatus,
  type OrderStatus,
} from '@tradeport/contract';
import { REPORT_PERIOD_OPTIONS } from '#lib/report-periods.ts';

/** SPEC §3's placed-date presets in words (lib/report-periods.ts, shared with other period pickers). */
export const PLACED_PRESET_OPTIONS = REPORT_PERIOD_OPTIONS;

export const STATUS_OPTIONS = (Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]).map((status) => ({
  value: status,
  label: ORDER_STATUS_LABELS[status],
}));

export const PAYMENT_STATUS_OPTIONS = (Object.keys(ORDER_PAYMENT_STATUS_LABELS) as OrderPaymentStatus[]).map(
  (status) => ({ value: status, label: ORDER_PAYMENT_STATUS_LABELS[status] }),
);

/** The statuses at least one of these orders can move to, in the state machine's order. */
export function reachableStatuses(from: readonly OrderStatus[]): OrderStatus[] {
  const reachable = new Set(from.flatMap((status) => ORDER_TRANSITIONS[status]));
  return STATUS_OPTIONS.map((option) => option.value).filter((status) => reachable.has(status));
}

/** What the button moving an order to a status says. */
export const STATUS_ACTION_LABELS: Record<OrderStatus, string> = {
  PROCESSING: 'Resume processing',
  ON_HOLD: 'Put on hold',
  SHIPPED: 'Mark as shipped',
  COMPLETED: 'Mark as completed',
  CANCELLED: 'Cancel order',
};

export const orderTitle = (order: { number: number }) => `Order ${order.number}`;
