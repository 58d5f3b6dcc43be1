import { type BulkProductsResult, type ImportRowError, MAX_IMPORT_ROWS } from '@tradeport/contract';
import type { Db } from '../../platform/db/client.ts';
import { type DatabaseLower, databaseLowerKeys } from '../../platform/db/database-lower.ts';
import { bulkResult } from './product-bulk-result.ts';
import { CsvSyntaxError, parseCsv } from './product-csv.ts';
import {
  type ImportColumn,
  type ImportRow,
  isBlankRecord,
  readHeader,
  readRow,
} from './product-import-rows.ts';
import { createVocabulary, namesIn, planVocabulary } from './product-import-vocabulary.ts';
import {
  findChangedProducts,
  findTakenSkus,
  insertProducts,
  type ProductColumn,
  updateProducts,
} from './product-writes.queries.ts';

// A CSV import: read and check every row first, then write everything in one transaction, or
// nothing at all (a dry run, or any bad row). A few statements per thousand rows, so 10,000 rows
// take seconds, not minutes.

/** Enough to fix a file by; a file that is wrong throughout says so without an enormous answer. */
const MAX_REPORTED_ERRORS = 1_000;

/** Which product columns a file's column sets when it updates an existing product. */
const COLUMNS_OF: Record<ImportColumn, ProductColumn> = {
  sku: 'sku',
  name: 'name',
  description: 'description',
  brand: 'brandId',
  supplier: 'supplierId',
  category: 'categoryId',
  unit: 'unitOfMeasureId',
  base_price: 'basePriceCents',
  cost: 'costCents',
  gst: 'isGstApplicable',
  min_order_quantity: 'minOrderQuantity',
  pack_size: 'packSize',
  barcode: 'barcode',
  active: 'archivedAt',
};

const refused = (errors: ImportRowError[]) => bulkResult('import', { is_written: false, errors });

/** The file's rows as products, or the reasons it cannot be read. */
function readFile(csv: string): { columns: ImportColumn[]; rows: ImportRow[]; errors: ImportRowError[] } {
  let records;
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return { columns: [], rows: [], errors: [{ line: error.line, column: null, message: error.message }] };
    }
    throw error;
  }
  const [header, ...rest] = records;
  const { columns, errors } = readHeader(header?.cells ?? []);
  if (errors.length > 0) return { columns, rows: [], errors };
  const data = rest.filter((record) => !isBlankRecord(record));
  if (data.length === 0) {
    return { columns, rows: [], errors: [{ line: 2, column: null, message: 'The file has no products.' }] };
  }
  if (data.length > MAX_IMPORT_ROWS) {
    const message = `A file may hold ${MAX_IMPORT_ROWS.toLocaleString('en-AU')} products at most; this one has ${data.length.toLocaleString('en-AU')}.`;
    return { columns, rows: [], errors: [{ line: data[MAX_IMPORT_ROWS]!.line, column: null, message }] };
  }
  const rows: ImportRow[] = [];
  for (const record of data) {
    const read = readRow(record, columns);
    errors.push(...read.errors);
    if (read.row) rows.push(read.row);
  }
  return { columns, rows, errors };
}

/**
 * The rows without a SKU an earlier row has (ignoring case as the one-SKU-per-merchant index
 * does, by the database's lower case), and an error for each left out.
 */
function withoutRepeatedSkus(rows: ImportRow[], lower: DatabaseLower) {
  const kept: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  const firstLineOfSku = new Map<string, number>();
  for (const row of rows) {
    const earlier = firstLineOfSku.get(lower(row.sku));
    if (earlier === undefined) {
      firstLineOfSku.set(lower(row.sku), row.line);
      kept.push(row);
    } else {
      errors.push({
        line: row.line,
        column: 'sku',
        message: `The SKU “${row.sku}” is already on line ${earlier}.`,
      });
    }
  }
  return { rows: kept, errors };
}

function capped(errors: ImportRowError[]): ImportRowError[] {
  if (errors.length <= MAX_REPORTED_ERRORS) return errors;
  const more = errors.length - MAX_REPORTED_ERRORS;
  return [
    ...errors.slice(0, MAX_REPORTED_ERRORS),
    { line: errors[MAX_REPORTED_ERRORS]!.line, column: null, message: `…and ${more} more problems.` },
  ];
}

export async function importProducts(
  db: Db,
  options: { merchantId: string; csv: string; isDryRun: boolean; now: Date },
): Promise<BulkProductsResult> {
  const { merchantId, now } = options;
  const file = readFile(options.csv);
  if (file.rows.length === 0) return refused(capped(file.errors));
  const { columns } = file;

  return db.transaction(async (tx) => {
    // Every SKU and name matches as the database's unique indexes compare them: by its lower().
    const lower = await databaseLowerKeys(tx, [...file.rows.map((row) => row.sku), ...namesIn(file.rows)]);
    const { rows, errors: repeated } = withoutRepeatedSkus(file.rows, lower);
    const plan = await planVocabulary(tx, { merchantId, rows, lower });
    const errors = [...file.errors, ...repeated];
    for (const row of rows) {
      for (const { column, message } of plan.rowErrors(row)) errors.push({ line: row.line, column, message });
    }
    errors.sort((a, b) => a.line - b.line);
    const existing = await findTakenSkus(tx, { merchantId, skus: rows.map((row) => row.sku), lower });
    const toColumns = (row: ImportRow, references: ReturnType<typeof plan.plannedReferencesOf>) => ({
      ...references,
      name: row.name,
      sku: row.sku,
      description: row.description,
      basePriceCents: row.basePriceCents,
      costCents: row.costCents,
      isGstApplicable: row.isGstApplicable,
      minOrderQuantity: row.minOrderQuantity,
      packSize: row.packSize,
      barcode: row.barcode,
      // An archived product keeps the date it was archived on.
      archivedAt: row.isActive ? null : (existing.get(row.sku)?.archivedAt ?? now),
    });
    // Only the file's columns change an existing product: a file without a brand column keeps brands.
    const updateColumns = columns.map((column) => COLUMNS_OF[column]);
    const matched = rows.filter((row) => existing.has(row.sku));
    // A preview (a dry run, or a file refused for bad rows) counts what the write would change;
    // the write itself counts what it changed.
    const isWriting = errors.length === 0 && !options.isDryRun;
    const changedIds = !isWriting
      ? await findChangedProducts(tx, {
          merchantId,
          columns: updateColumns,
          rows: matched.map((row) => ({
            id: existing.get(row.sku)!.id,
            values: toColumns(row, plan.plannedReferencesOf(row)),
          })),
        })
      : new Set<string>();
    const summary = {
      created: rows.length - matched.length,
      updated: changedIds.size,
      unchanged: matched.length - changedIds.size,
      new_brands: plan.missing.brands,
      new_suppliers: plan.missing.suppliers,
      new_categories: plan.missing.categories,
      new_units_of_measure: plan.missing.units,
    };
    if (!isWriting) {
      return bulkResult('import', { ...summary, is_written: false, errors: capped(errors) });
    }

    const referencesOf = await createVocabulary(tx, { merchantId, rows, lower });
    await insertProducts(tx, {
      merchantId,
      rows: rows
        .filter((row) => !existing.has(row.sku))
        .map((row) => ({ ...toColumns(row, referencesOf(row)), image: null })),
      now,
    });
    // Every matched row goes to the update, which compares each row as it writes it and leaves
    // one whose values are all the product's already alone (unchanged: counted, never written).
    // Nothing is compared beforehand, so an edit made meanwhile is still overwritten by the file.
    const written = await updateProducts(tx, {
      merchantId,
      columns: updateColumns,
      rows: matched.map((row) => ({
        id: existing.get(row.sku)!.id,
        values: toColumns(row, referencesOf(row)),
      })),
      now,
      isSkippingUnchanged: true,
    });
    return bulkResult('import', {
      ...summary,
      updated: written.length,
      unchanged: matched.length - written.length,
    });
  });
}
