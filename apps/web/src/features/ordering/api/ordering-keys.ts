import { scopedKey } from '#lib/query-keys.ts';

/** Whose cart and catalogue a screen works on: the merchant, and the customer it orders for. */
export type OrderingScope = { merchantId: string; customerOrganisationId: string };

export type CatalogueFilters = { search: string | null; categoryId: string | null; brandId: string | null };

/** Keys start with the organisation acting, so switching organisation never shows another's cart. */
export const orderingKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'ordering'),
  merchants: (organisationId: string | null) => [...orderingKeys.all(organisationId), 'merchants'] as const,
  houseAccount: (organisationId: string | null) =>
    [...orderingKeys.all(organisationId), 'house-account'] as const,
  customerSearch: (organisationId: string | null, term: string) =>
    [...orderingKeys.all(organisationId), 'customer-search', term] as const,
  catalogue: (organisationId: string | null, scope: OrderingScope, filters: CatalogueFilters) =>
    [
      ...orderingKeys.all(organisationId),
      'catalogue',
      scope.merchantId,
      scope.customerOrganisationId,
      filters,
    ] as const,
  facets: (organisationId: string | null, scope: OrderingScope) =>
    [
      ...orderingKeys.all(organisationId),
      'catalogue-facets',
      scope.merchantId,
      scope.customerOrganisationId,
    ] as const,
  cart: (organisationId: string | null, scope: OrderingScope) =>
    [...orderingKeys.all(organisationId), 'cart', scope.merchantId, scope.customerOrganisationId] as const,
};
