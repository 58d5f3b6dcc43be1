import { formatDollars, PRODUCT_CSV_COLUMNS, type ProductFilters } from '@tradeport/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { formatCsvRow } from '@tradeport/contract';
import type { ImportColumn } from './product-import-rows.ts';
import { listProductRows } from './product-list.queries.ts';
import type { ProductRow } from './products.queries.ts';

// The filtered product list as CSV, in the import's own columns, so an exported file can be
// edited and imported back. Made a keyset page at a time: memory stays flat at any catalogue size.

const BATCH = 500;

const yesNo = (value: boolean) => (value ? 'true' : 'false');

const CELLS: Record<ImportColumn, (row: ProductRow) => string> = {
  sku: (row) => row.product.sku,
  name: (row) => row.product.name,
  description: (row) => row.product.description ?? '',
  brand: (row) => row.brand?.name ?? '',
  supplier: (row) => row.supplier?.name ?? '',
  // A sub-category names its parent, so the import finds the same one among same-named others.
  category: (row) =>
    row.category
      ? row.categoryParentName
        ? `${row.categoryParentName} > ${row.category.name}`
        : row.category.name
      : '',
  unit: (row) => row.unit?.name ?? '',
  base_price: (row) => formatDollars(row.product.basePriceCents),
  cost: (row) => (row.product.costCents === null ? '' : formatDollars(row.product.costCents)),
  gst: (row) => yesNo(row.product.isGstApplicable),
  min_order_quantity: (row) => String(row.product.minOrderQuantity),
  pack_size: (row) => String(row.product.packSize),
  barcode: (row) => row.product.barcode ?? '',
  active: (row) => yesNo(row.product.isActive),
};

const toLines = (rows: ProductRow[]) =>
  rows.map((row) => formatCsvRow(PRODUCT_CSV_COLUMNS.map((column) => CELLS[column](row)))).join('');

/**
 * The CSV, header first. The first page is read before this returns, so a failure there is
 * still an ordinary error response rather than a download cut short.
 */
export async function exportProductsCsv(
  db: Db,
  options: { merchantId: string; filters: z.output<typeof ProductFilters> },
): Promise<AsyncIterable<string>> {
  const first = await listProductRows(db, { ...options, limit: BATCH });
  async function* lines() {
    yield formatCsvRow(PRODUCT_CSV_COLUMNS) + toLines(first.rows);
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await listProductRows(db, { ...options, limit: BATCH, cursor });
      yield toLines(page.rows);
      cursor = page.next_cursor;
    }
  }
  return lines();
}
