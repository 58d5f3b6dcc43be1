import type { BulkProductsResult } from '@tradeport/contract';

/** A bulk call's answer: counts of what it did (or, for a dry run, would do), zero unless given. */
export const bulkResult = (
  action: BulkProductsResult['action'],
  fields: Partial<Omit<BulkProductsResult, 'action'>> = {},
): BulkProductsResult => ({
  action,
  is_written: true,
  created: 0,
  updated: 0,
  unchanged: 0,
  archived: 0,
  restored: 0,
  deleted: 0,
  errors: [],
  new_brands: [],
  new_suppliers: [],
  new_categories: [],
  new_units_of_measure: [],
  ...fields,
});
