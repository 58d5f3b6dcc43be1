import type { ProductInput } from '@tradeport/contract';
import type { z } from 'zod';
import { isReferenceRefusal, uniqueViolation } from '../../platform/db/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProductColumn, ProductColumns } from './product-writes.queries.ts';

// How a product's input becomes columns, and how a write the database refused reads to the caller.
// The writes themselves are product-writes.queries.ts.

/** The columns a product form sets (all but the archived state and the image, resolved apart). */
export function inputToColumns(
  input: z.output<typeof ProductInput>,
): Omit<ProductColumns, 'archivedAt' | 'image'> {
  return {
    name: input.name,
    sku: input.sku,
    description: input.description,
    brandId: input.brand_id,
    supplierId: input.supplier_id,
    categoryId: input.category_id,
    unitOfMeasureId: input.unit_of_measure_id,
    basePriceCents: input.base_price_cents,
    costCents: input.cost_cents,
    isGstApplicable: input.is_gst_applicable,
    minOrderQuantity: input.min_order_quantity,
    packSize: input.pack_size,
    barcode: input.barcode,
  };
}

/** What a product form (and a bulk update) sets: every column but the archived state. */
export const PRODUCT_FORM_COLUMNS: ProductColumn[] = [
  'name',
  'sku',
  'description',
  'brandId',
  'supplierId',
  'categoryId',
  'unitOfMeasureId',
  'basePriceCents',
  'costCents',
  'isGstApplicable',
  'minOrderQuantity',
  'packSize',
  'barcode',
  'image',
];

export function skuTaken(sku: string, path = 'body.sku') {
  const message = `The SKU “${sku}” is already used by another product.`;
  return new AppError('CONFLICT', message, [{ path, message }]);
}

/**
 * A write refused by the database despite the checks before it, because of a change made
 * meanwhile: a SKU just taken (the one-SKU-per-merchant index) or a brand, supplier, category or
 * unit just deleted (the foreign keys). Either is a 409 to retry, not a 500.
 */
export function asWriteConflict(error: unknown, sku?: { value: string; path?: string }) {
  if (uniqueViolation(error) === 'products_merchant_sku_key') {
    return sku
      ? skuTaken(sku.value, sku.path)
      : new AppError('CONFLICT', 'Two products would have the same SKU; nothing was changed.');
  }
  if (isReferenceRefusal(error)) {
    return new AppError(
      'CONFLICT',
      'A brand, supplier, category or unit was deleted meanwhile; reload and try again.',
    );
  }
  return error;
}
