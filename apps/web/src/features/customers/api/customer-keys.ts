import { scopedKey } from '#lib/query-keys.ts';

export type CustomerStatusFilter = 'active' | 'archived' | 'all';
/** A tier's id, 'none' for customers on base prices, null for every customer. */
export type CustomerTierFilter = string | null;
export type CustomerListFilters = {
  search: string | null;
  status: CustomerStatusFilter;
  tier: CustomerTierFilter;
};

/** Keys start with the organisation id, so one organisation's customers never show in another. */
export const customerKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'customers'),
  lists: (organisationId: string | null) => [...customerKeys.all(organisationId), 'list'] as const,
  list: (organisationId: string | null, filters: CustomerListFilters) =>
    [...customerKeys.lists(organisationId), filters] as const,
  /** Customers with one ABN, for the warning before a save. */
  withAbn: (organisationId: string | null, abn: string) =>
    [...customerKeys.all(organisationId), 'with-abn', abn] as const,
  detail: (organisationId: string | null, customerId: string) =>
    [...customerKeys.all(organisationId), 'detail', customerId] as const,
  settings: (organisationId: string | null, customerId: string) =>
    [...customerKeys.detail(organisationId, customerId), 'settings'] as const,
  people: (organisationId: string | null, customerId: string) =>
    [...customerKeys.detail(organisationId, customerId), 'people'] as const,
  /** The tiers and groups a customer can be put in, offered on the customer page. */
  tierOptions: (organisationId: string | null) =>
    [...customerKeys.all(organisationId), 'tier-options'] as const,
  groupOptions: (organisationId: string | null) =>
    [...customerKeys.all(organisationId), 'group-options'] as const,
};
