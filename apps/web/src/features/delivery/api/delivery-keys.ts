import { scopedKey } from '#lib/query-keys.ts';

/** Keys start with the organisation id; everything of the delivery screen shares `all(…)`. */
export const deliveryKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'delivery'),
  list: (organisationId: string | null) => [...deliveryKeys.all(organisationId), 'list'] as const,
  customers: (organisationId: string | null, methodId: string) =>
    [...deliveryKeys.all(organisationId), 'method', methodId, 'customers'] as const,
};

/** Refusals the method form shows itself, on its fields or above them. */
export const METHOD_FORM_ERROR_CODES = ['VALIDATION_ERROR', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN'] as const;
