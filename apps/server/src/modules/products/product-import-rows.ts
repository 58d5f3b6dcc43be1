import {
  type ImportRowError,
  MAX_PRICE_CENTS,
  PRODUCT_CSV_COLUMNS,
  ProductInput,
  parseDollars,
  TaxonomyName,
} from '@tradeport/contract';
import type { z } from 'zod';
import { unprotectCell } from '@tradeport/contract';
import { type CsvRecord, parseWholeNumber, parseYesNo } from './product-csv.ts';

// Reading an import file's rows into products: pure, so every rule can be tested without a
// database. Field limits come from the contract's ProductInput, the same ones the form obeys.

export type ImportColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

const REQUIRED_COLUMNS: ImportColumn[] = ['sku', 'name', 'base_price'];

/** A category cell: "Milk", or "Dairy > Milk" for a sub-category. */
export type CategoryPath = { parent: string | null; name: string };

export type ImportRow = {
  line: number;
  sku: string;
  name: string;
  description: string | null;
  brand: string | null;
  supplier: string | null;
  category: CategoryPath | null;
  unit: string | null;
  basePriceCents: number;
  costCents: number | null;
  isGstApplicable: boolean;
  minOrderQuantity: number;
  packSize: number;
  barcode: string | null;
  isActive: boolean;
};

/** The header's columns in file order; unknown, repeated or missing ones are errors on line 1. */
export function readHeader(cells: string[]): { columns: ImportColumn[]; errors: ImportRowError[] } {
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const columns: ImportColumn[] = [];
  const errors: ImportRowError[] = [];
  for (const raw of cells) {
    const name = raw.trim().toLowerCase();
    if (!known.has(name)) {
      errors.push({
        line: 1,
        column: raw,
        message: `Unknown column “${raw}”; the columns are ${PRODUCT_CSV_COLUMNS.join(', ')}.`,
      });
    } else if (columns.includes(name as ImportColumn)) {
      errors.push({ line: 1, column: name, message: `The column “${name}” appears twice.` });
    }
    columns.push(name as ImportColumn);
  }
  for (const required of REQUIRED_COLUMNS) {
    if (!columns.includes(required)) {
      errors.push({ line: 1, column: required, message: `The column “${required}” is required.` });
    }
  }
  return { columns, errors };
}

// Where a ProductInput field comes from in the file, to name the column in its errors.
const COLUMN_OF_FIELD: Partial<Record<string, ImportColumn>> = {
  sku: 'sku',
  name: 'name',
  description: 'description',
  base_price_cents: 'base_price',
  cost_cents: 'cost',
  is_gst_applicable: 'gst',
  min_order_quantity: 'min_order_quantity',
  pack_size: 'pack_size',
  barcode: 'barcode',
};

type Cells = Partial<Record<ImportColumn, string>>;
type Issue = { column: ImportColumn; message: string };

function readName(cells: Cells, column: ImportColumn, issues: Issue[]): string | null {
  const text = cells[column]?.trim() ?? '';
  if (text === '') return null;
  const parsed = TaxonomyName.safeParse(text);
  if (parsed.success) return parsed.data;
  issues.push({ column, message: 'A name of 80 characters at most.' });
  return null;
}

function readCategory(cells: Cells, issues: Issue[]): CategoryPath | null {
  const text = cells.category?.trim() ?? '';
  if (text === '') return null;
  const parts = text.split('>').map((part) => part.trim());
  const valid = parts.every((part) => TaxonomyName.safeParse(part).success);
  if (parts.length > 2 || !valid) {
    issues.push({
      column: 'category',
      message: 'A category name, or “Parent > Sub-category”, each 80 characters at most.',
    });
    return null;
  }
  return parts.length === 2 ? { parent: parts[0]!, name: parts[1]! } : { parent: null, name: parts[0]! };
}

/** A blank cell is the default; anything else must read as the column's kind of value. */
function readValue<T>(options: {
  cells: Cells;
  column: ImportColumn;
  read: (text: string) => T | undefined;
  fallback: T;
  message: string;
  issues: Issue[];
}): T {
  const text = options.cells[options.column]?.trim() ?? '';
  if (text === '') return options.fallback;
  const value = options.read(text);
  if (value !== undefined) return value;
  options.issues.push({ column: options.column, message: options.message });
  return options.fallback;
}

function readPrice(cells: Cells, column: ImportColumn, issues: Issue[]): number | null {
  const text = cells[column]?.trim() ?? '';
  if (text === '') return null;
  // The contract's one reading of dollars, so a file and the form agree on every amount.
  const parsed = parseDollars(text, { allowNegative: false, maxCents: MAX_PRICE_CENTS });
  if (parsed.ok) return parsed.cents;
  const messages = {
    'too-large': 'That price is too large',
    negative: `A price of 0 or more (not “${text}”).`,
  };
  const message =
    parsed.reason === 'too-large' || parsed.reason === 'negative'
      ? messages[parsed.reason]
      : `A price in dollars, like 12.50 (not “${text}”).`;
  issues.push({ column, message });
  return null;
}

const YES_NO = 'true or false (yes/no, 1/0).';

/**
 * A schema issue in the words of someone fixing a spreadsheet. The contract words most of its
 * rules itself ("Enter 1 or more"); a rule it leaves to the validator's wording ("Too big:
 * expected string to have <=5000 characters") is said plainly here.
 */
function plainWords(issue: z.core.$ZodIssue): string {
  if (!/^(Too (small|big)|Invalid)\b/.test(issue.message)) return issue.message;
  if (issue.code === 'too_big') {
    return issue.origin === 'string'
      ? `At most ${Number(issue.maximum).toLocaleString('en-AU')} characters.`
      : `At most ${Number(issue.maximum).toLocaleString('en-AU')}.`;
  }
  if (issue.code === 'too_small') {
    return issue.origin === 'string'
      ? 'Enter a value.'
      : `${Number(issue.minimum).toLocaleString('en-AU')} or more.`;
  }
  return 'This value cannot be read; check it against the template.';
}

/** One data row as a product, or its problems, each naming the column. */
export function readRow(
  record: CsvRecord,
  columns: readonly ImportColumn[],
): { row: ImportRow; errors: [] } | { row: undefined; errors: ImportRowError[] } {
  const cells: Cells = {};
  columns.forEach((column, index) => {
    cells[column] = unprotectCell(record.cells[index] ?? '');
  });
  const issues: Issue[] = [];
  // PostgreSQL text cannot hold a NUL character; say so per cell rather than failing the file.
  for (const column of columns) {
    if (cells[column]?.includes('\u0000')) {
      issues.push({ column, message: 'This value contains a NUL character, which cannot be stored.' });
    }
  }
  if (record.cells.length > columns.length) {
    issues.push({
      column: columns[0]!,
      message: `This row has ${record.cells.length} values but the header has ${columns.length} columns.`,
    });
  }
  const basePrice = readPrice(cells, 'base_price', issues);
  if (basePrice === null && !issues.some((issue) => issue.column === 'base_price')) {
    issues.push({ column: 'base_price', message: 'Enter a price.' });
  }
  const common = { cells, issues };
  const candidate = {
    sku: cells.sku ?? '',
    name: cells.name ?? '',
    description: cells.description ?? '',
    barcode: cells.barcode ?? '',
    base_price_cents: basePrice ?? 0,
    cost_cents: readPrice(cells, 'cost', issues),
    is_gst_applicable: readValue({
      ...common,
      column: 'gst',
      read: parseYesNo,
      fallback: true,
      message: YES_NO,
    }),
    min_order_quantity: readValue({
      ...common,
      column: 'min_order_quantity',
      read: parseWholeNumber,
      fallback: 1,
      message: 'A whole number, 1 or more.',
    }),
    pack_size: readValue({
      ...common,
      column: 'pack_size',
      read: parseWholeNumber,
      fallback: 1,
      message: 'A whole number, 1 or more.',
    }),
  };
  const isActive = readValue({
    ...common,
    column: 'active',
    read: parseYesNo,
    fallback: true,
    message: YES_NO,
  });
  const brand = readName(cells, 'brand', issues);
  const supplier = readName(cells, 'supplier', issues);
  const unit = readName(cells, 'unit', issues);
  const category = readCategory(cells, issues);

  const parsed = ProductInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? 'sku';
      // A value already refused above (an unreadable price) is not reported twice.
      if (!issues.some((known) => known.column === column))
        issues.push({ column, message: plainWords(issue) });
    }
  }
  if (issues.length > 0 || !parsed.success) {
    // In the file's column order, as someone fixing the row reads it.
    const order = (issue: Issue) => columns.indexOf(issue.column);
    return {
      row: undefined,
      errors: issues
        .sort((a, b) => order(a) - order(b))
        .map((issue) => ({ line: record.line, column: issue.column, message: issue.message })),
    };
  }
  const input = parsed.data;
  return {
    row: {
      line: record.line,
      sku: input.sku,
      name: input.name,
      description: input.description,
      brand,
      supplier,
      category,
      unit,
      basePriceCents: input.base_price_cents,
      costCents: input.cost_cents,
      isGstApplicable: input.is_gst_applicable,
      minOrderQuantity: input.min_order_quantity,
      packSize: input.pack_size,
      barcode: input.barcode,
      isActive,
    },
    errors: [],
  };
}

/** A record with nothing in it: a blank line, skipped rather than refused. */
export const isBlankRecord = (record: CsvRecord) => record.cells.every((cell) => cell.trim() === '');
