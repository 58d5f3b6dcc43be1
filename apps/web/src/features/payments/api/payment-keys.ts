import type { CreditSource, PaymentMethod, PaymentState } from '@tradeport/contract';
import { scopedKey } from '#lib/query-keys.ts';

/** What All Payments is narrowed by; null means "any". */
export type PaymentListFilters = {
  search: string | null;
  state: PaymentState | null;
  method: PaymentMethod | null;
  customer_organisation_id: string | null;
  paid_from: string | null;
  paid_to: string | null;
};

/** What Account Credits is narrowed by; null or false means "any". */
export type CreditListFilters = {
  search: string | null;
  source: CreditSource | null;
  customer_organisation_id: string | null;
  is_available: boolean;
};

/**
 * Keys start with the organisation id (DESIGN §5). Payments and credits share one root: recording,
 * voiding or refunding a payment changes credits (an overpayment's, an applied one's) and the other
 * way round, so a write refreshes both.
 */
export const paymentKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'payments'),
  paymentLists: (organisationId: string | null) => [...paymentKeys.all(organisationId), 'list'] as const,
  paymentList: (organisationId: string | null, filters: PaymentListFilters) =>
    [...paymentKeys.paymentLists(organisationId), filters] as const,
  payment: (organisationId: string | null, paymentId: string) =>
    [...paymentKeys.all(organisationId), 'payment', paymentId] as const,
  creditLists: (organisationId: string | null) =>
    [...paymentKeys.all(organisationId), 'credit-list'] as const,
  creditList: (organisationId: string | null, filters: CreditListFilters) =>
    [...paymentKeys.creditLists(organisationId), filters] as const,
  credit: (organisationId: string | null, creditId: string) =>
    [...paymentKeys.all(organisationId), 'credit', creditId] as const,
  /** A customer's orders that still owe, to allocate a payment or a credit to. */
  owingOrders: (organisationId: string | null, customerOrganisationId: string) =>
    [...paymentKeys.all(organisationId), 'owing-orders', customerOrganisationId] as const,
  order: (organisationId: string | null, orderId: string) =>
    [...paymentKeys.all(organisationId), 'order', orderId] as const,
};
