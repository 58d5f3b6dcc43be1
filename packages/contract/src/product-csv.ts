import { formatCsvRow } from './csv.ts';

// The products CSV's columns (the import reads them, the export writes them) and its template.

export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'brand',
  'supplier',
  'category',
  'unit',
  'base_price',
  'cost',
  'gst',
  'min_order_quantity',
  'pack_size',
  'barcode',
  'active',
] as const;

export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The template's example row, one value per import column (the type makes every column give one). */
export const PRODUCT_CSV_EXAMPLE: Record<ProductCsvColumn, string> = {
  sku: 'MILK-2L',
  name: 'Full Cream Milk 2L',
  description: 'Fresh full cream milk',
  brand: 'Riverina Dairy',
  supplier: 'Metro Wholesale',
  category: 'Dairy > Milk',
  unit: 'Bottle',
  base_price: '3.10',
  cost: '2.05',
  gst: 'false',
  min_order_quantity: '1',
  pack_size: '6',
  barcode: '9300000000001',
  active: 'true',
};

/**
 * The downloadable CSV template: the import's columns and one example row, made from the same
 * definitions the import reads, so the two cannot drift apart.
 */
export function productCsvTemplate(): string {
  return (
    formatCsvRow(PRODUCT_CSV_COLUMNS) +
    formatCsvRow(PRODUCT_CSV_COLUMNS.map((column) => PRODUCT_CSV_EXAMPLE[column]))
  );
}
