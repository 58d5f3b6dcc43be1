import type { AppDeps } from '../../app-deps.ts';
import { exportProductsCsv } from './product-export.ts';
import { listProductRows } from './product-list.queries.ts';
import { searchProductRows, toProduct } from './products.queries.ts';

type ListOptions = Parameters<typeof listProductRows>[1];
type SearchOptions = Parameters<typeof searchProductRows>[1];
type ExportOptions = Parameters<typeof exportProductsCsv>[1];

/** A merchant's products read many at a time: the keyset list, the picker search, the CSV export. */
export function createProductListing({ database: { db } }: Pick<AppDeps, 'database'>) {
  return {
    async list(options: ListOptions) {
      const page = await listProductRows(db, options);
      return { items: page.rows.map(toProduct), next_cursor: page.next_cursor, total: page.total };
    },

    async search(options: SearchOptions) {
      const rows = await searchProductRows(db, options);
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          sku: row.sku,
          brand_name: row.brandName,
          base_price_cents: row.basePriceCents,
          is_active: row.isActive,
          image: row.image,
        })),
      };
    },

    exportCsv: (options: ExportOptions) => exportProductsCsv(db, options),
  };
}
