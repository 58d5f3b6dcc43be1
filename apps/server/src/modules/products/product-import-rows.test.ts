import { describe, expect, it } from 'vitest';
import { type ImportColumn, readHeader, readRow } from './product-import-rows.ts';

const COLUMNS: ImportColumn[] = [
  'sku',
  'name',
  'base_price',
  'cost',
  'gst',
  'active',
  'category',
  'pack_size',
];
const read = (cells: string[], columns = COLUMNS) => readRow({ line: 7, cells }, columns);

describe('readHeader', () => {
  it('accepts the known columns in any order and case', () => {
    expect(readHeader(['Name', ' SKU ', 'base_price'])).toEqual({
      columns: ['name', 'sku', 'base_price'],
      errors: [],
    });
  });

  it('reports unknown, repeated and missing columns on line 1', () => {
    const { errors } = readHeader(['sku', 'colour', 'sku']);
    expect(errors).toEqual([
      { line: 1, column: 'colour', message: expect.stringContaining('Unknown column “colour”') },
      { line: 1, column: 'sku', message: expect.stringContaining('twice') },
      { line: 1, column: 'name', message: expect.stringContaining('required') },
      { line: 1, column: 'base_price', message: expect.stringContaining('required') },
    ]);
  });
});

describe('readRow', () => {
  it('reads a row into a product, with defaults for blank cells', () => {
    const { row, errors } = read([' A1 ', 'Milk 2L', '$3.10', '', '', '', '', '']);
    expect(errors).toEqual([]);
    expect(row).toMatchObject({
      line: 7,
      sku: 'A1',
      name: 'Milk 2L',
      basePriceCents: 310,
      costCents: null,
      isGstApplicable: true,
      isActive: true,
      category: null,
      packSize: 1,
    });
  });

  it('reads flags, sub-category paths and formula-protected cells', () => {
    const { row } = read(["'-A2", 'Cheese', '10', '4.99', 'no', '0', 'Dairy > Cheese', '6']);
    expect(row).toMatchObject({
      sku: '-A2',
      costCents: 499,
      isGstApplicable: false,
      isActive: false,
      category: { parent: 'Dairy', name: 'Cheese' },
      packSize: 6,
    });
  });

  it('names the column of every problem on the row’s line', () => {
    const { row, errors } = read(['has space', '', '12.345', 'free', 'perhaps', 'x', 'A > B > C', '0']);
    expect(row).toBeUndefined();
    expect(errors.map((error) => [error.line, error.column])).toEqual(
      expect.arrayContaining([
        [7, 'sku'],
        [7, 'name'],
        [7, 'base_price'],
        [7, 'cost'],
        [7, 'gst'],
        [7, 'active'],
        [7, 'category'],
        [7, 'pack_size'],
      ]),
    );
    expect(new Set(errors.map((error) => error.column)).size).toBe(errors.length);
  });

  it('requires a price and refuses one over the limit', () => {
    expect(read(['A1', 'Milk', '']).errors).toEqual([
      { line: 7, column: 'base_price', message: 'Enter a price.' },
    ]);
    expect(read(['A1', 'Milk', '10000000.01']).errors).toEqual([
      { line: 7, column: 'base_price', message: 'That price is too large' },
    ]);
    expect(read(['A1', 'Milk', '-1.50']).errors).toEqual([
      { line: 7, column: 'base_price', message: 'A price of 0 or more (not “-1.50”).' },
    ]);
    expect(read(['A1', 'Milk', '1,23.00']).errors).toEqual([
      { line: 7, column: 'base_price', message: 'A price in dollars, like 12.50 (not “1,23.00”).' },
    ]);
  });

  it('reads prices in dollars exactly, grouped or with a dollar sign', () => {
    expect(read(['A1', 'Milk', '$1,234.05', '0.29']).row).toMatchObject({
      basePriceCents: 123_405,
      costCents: 29,
    });
  });

  it('refuses a row with more values than the header has columns', () => {
    const { errors } = read(['A1', 'Milk', '1', '', '', '', '', '', 'extra']);
    expect(errors[0]?.message).toMatch(/9 values but the header has 8 columns/);
  });
});

describe('row errors', () => {
  const ALL: ImportColumn[] = [
    'sku',
    'name',
    'description',
    'base_price',
    'min_order_quantity',
    'pack_size',
    'barcode',
  ];
  const cells = (overrides: Partial<Record<ImportColumn, string>>) =>
    ALL.map(
      (column) => overrides[column] ?? { sku: 'A-1', name: 'Milk', base_price: '1' }[column as string] ?? '',
    );

  it('says each problem in plain words, against the column that has it', () => {
    const cases: [Partial<Record<ImportColumn, string>>, ImportColumn][] = [
      [{ min_order_quantity: '0' }, 'min_order_quantity'],
      [{ pack_size: '0' }, 'pack_size'],
      [{ pack_size: '100001' }, 'pack_size'],
      [{ pack_size: '7.5' }, 'pack_size'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ sku: 'S'.repeat(65) }, 'sku'],
      [{ description: 'd'.repeat(5_001) }, 'description'],
      [{ barcode: '9'.repeat(65) }, 'barcode'],
    ];
    for (const [overrides, column] of cases) {
      const { errors } = readRow({ line: 3, cells: cells(overrides) }, ALL);
      expect(errors, column).toHaveLength(1);
      expect(errors[0]!.column).toBe(column);
      // Nothing of the validator's own wording ("Too small: expected number to be >=1").
      expect(errors[0]!.message, column).not.toMatch(/expected|too (small|big)|invalid|>=|<=/i);
    }
    expect(readRow({ line: 3, cells: cells({ min_order_quantity: '0' }) }, ALL).errors[0]!.message).toBe(
      'Enter 1 or more',
    );
  });
});
