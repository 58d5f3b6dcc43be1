import type { AgingBucket, PeriodChoice } from '@tradeport/contract';
import { scopedKey } from '#lib/query-keys.ts';

/** What the outstanding list is narrowed by; null means "any". */
export type OutstandingFilters = {
  /** A customer organisation reading its own list: the merchant it owes (required there). */
  merchant_id: string | null;
  /** The merchant's list: one customer organisation's orders. */
  customer_organisation_id: string | null;
  aging: AgingBucket | null;
  overdue: boolean;
};

export type CustomerAccountFilters = {
  search: string | null;
  status: 'active' | 'archived' | 'all';
};

/**
 * Keys start with the organisation id, so one organisation's receivables never show in another's.
 * Everything here is money owed and received, so a payment anywhere makes `all` stale.
 */
export const receivableKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'receivables'),
  overview: (organisationId: string | null, period: PeriodChoice) =>
    [...receivableKeys.all(organisationId), 'overview', period] as const,
  outstanding: (organisationId: string | null, filters: OutstandingFilters) =>
    [...receivableKeys.all(organisationId), 'outstanding', filters] as const,
  /** A customer organisation's whole outstanding list with one merchant, added up. */
  owed: (organisationId: string | null, merchantId: string) =>
    [...receivableKeys.all(organisationId), 'owed', merchantId] as const,
  customerAccounts: (organisationId: string | null, filters: CustomerAccountFilters) =>
    [...receivableKeys.all(organisationId), 'customer-accounts', filters] as const,
  myMerchants: (organisationId: string | null) =>
    [...receivableKeys.all(organisationId), 'my-merchants'] as const,
};
