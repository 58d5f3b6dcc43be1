import type { OrderPaymentStatus, OrderStatus, ReportDatePreset } from '@tradeport/contract';
import { scopedKey } from '#lib/query-keys.ts';

/** What the list is narrowed by; null or empty means "any". */
export type OrderListFilters = {
  search: string | null;
  statuses: readonly OrderStatus[];
  payment_statuses: readonly OrderPaymentStatus[];
  customer_organisation_id: string | null;
  delivery_from: string | null;
  delivery_to: string | null;
  placed: ReportDatePreset | null;
};

/**
 * Keys start with the organisation id, so one organisation's orders never show in another's. A
 * change to one order refreshes the lists too (`all`), since its status or total shows there.
 */
export const orderKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'orders'),
  lists: (organisationId: string | null) => [...orderKeys.all(organisationId), 'list'] as const,
  list: (organisationId: string | null, filters: OrderListFilters) =>
    [...orderKeys.lists(organisationId), filters] as const,
  /** Under `lists`: the home's newest few, and its open orders due from `today`. */
  recent: (organisationId: string | null) => [...orderKeys.lists(organisationId), 'recent'] as const,
  openDeliveries: (organisationId: string | null, today: string) =>
    [...orderKeys.lists(organisationId), 'open-deliveries', today] as const,
  detail: (organisationId: string | null, orderId: string) =>
    [...orderKeys.all(organisationId), 'detail', orderId] as const,
  /** Under `all`: a change to the order, or a payment recorded for it, refreshes its payments too. */
  payments: (organisationId: string | null, orderId: string) =>
    [...orderKeys.all(organisationId), 'payments', orderId] as const,
};
