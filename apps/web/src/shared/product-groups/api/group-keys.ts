import { scopedKey } from '#lib/query-keys.ts';

type Kind = { key: 'pricing' | 'visibility' };

/**
 * Keys start with the organisation id, then the kind, so one organisation's tiers never show in
 * another and a change can mark a whole kind stale (a customer moved between tiers changes two).
 */
export const groupKeys = {
  all: (organisationId: string | null, kind: Kind) => scopedKey(organisationId, kind.key),
  lists: (organisationId: string | null, kind: Kind) =>
    [...groupKeys.all(organisationId, kind), 'list'] as const,
  list: (organisationId: string | null, kind: Kind, search: string | null) =>
    [...groupKeys.lists(organisationId, kind), { search }] as const,
  detail: (organisationId: string | null, kind: Kind, groupId: string) =>
    [...groupKeys.all(organisationId, kind), 'detail', groupId] as const,
  items: (organisationId: string | null, kind: Kind, groupId: string) =>
    [...groupKeys.detail(organisationId, kind, groupId), 'items'] as const,
  itemList: (organisationId: string | null, kind: Kind, groupId: string, search: string | null) =>
    [...groupKeys.items(organisationId, kind, groupId), { search }] as const,
  customers: (organisationId: string | null, kind: Kind, groupId: string) =>
    [...groupKeys.detail(organisationId, kind, groupId), 'customers'] as const,
  customerList: (organisationId: string | null, kind: Kind, groupId: string, search: string | null) =>
    [...groupKeys.customers(organisationId, kind, groupId), { search }] as const,
  /** The pickers' searches over the whole catalogue and customer list, shared by both kinds. */
  productSearch: (organisationId: string | null, term: string) =>
    scopedKey(organisationId, 'product-groups', 'product-search', term),
  customerSearch: (organisationId: string | null, term: string) =>
    scopedKey(organisationId, 'product-groups', 'customer-search', term),
};
