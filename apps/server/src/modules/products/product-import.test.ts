import { MAX_IMPORT_ROWS, PRODUCT_CSV_COLUMNS, productCsvTemplate } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories as categoriesTable } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { productTestKit } from './products.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { create, list, runBulk, snapshot, newMerchant, createVocabulary } = productTestKit(() => t);

const importCsv = (merchantId: string, headers: Record<string, string>, csv: string, dryRun: boolean) =>
  runBulk(merchantId, headers, { action: 'import', csv, dry_run: dryRun });

const FILE = [
  'sku,name,brand,category,unit,base_price,cost,gst,active,description',
  'MLK-2,Full Cream Milk 2L,Dairy Farmers,Dairy > Milk,Bottle,3.10,2.05,yes,1,',
  'CHS-1,"Tasty Cheese, 500g",bega,Dairy,,12.5,,no,true,"Aged 12 months, ""sharp"""',
  'OLD-1,Discontinued Line,,,,0.99,,1,no,',
].join('\r\n');

describe('CSV import', () => {
  it('reports each bad row by line and column on a dry run, writing nothing', async () => {
    const { merchantId, admin } = await newMerchant();
    const file = [
      'sku,name,base_price,gst',
      'A-1,Apples,1.50,yes',
      'B 2,,12.345,maybe',
      'a-1,Apples again,2,no',
    ].join('\n');
    const dryRun = await importCsv(merchantId, admin.headers, file, false);
    expect(dryRun).toMatchObject({ action: 'import', is_written: false, created: 1, updated: 0 });
    expect(dryRun.errors).toEqual([
      { line: 3, column: 'sku', message: 'A SKU cannot contain spaces' },
      { line: 3, column: 'name', message: 'Enter a name' },
      { line: 3, column: 'base_price', message: expect.stringContaining('12.50') },
      { line: 3, column: 'gst', message: expect.any(String) },
      { line: 4, column: 'sku', message: 'The SKU “a-1” is already on line 2.' },
    ]);
    const header = await importCsv(merchantId, admin.headers, 'sku,name,price\nA,B,1', true);
    expect(header.errors).toEqual([
      { line: 1, column: 'price', message: expect.stringContaining('Unknown column “price”') },
      { line: 1, column: 'base_price', message: 'The column “base_price” is required.' },
    ]);
    const unclosed = await importCsv(merchantId, admin.headers, 'sku,name,base_price\nA,"Open,1\n', true);
    expect(unclosed.errors).toEqual([{ line: 2, column: null, message: 'A quoted value is never closed.' }]);
    const nul = await importCsv(merchantId, admin.headers, 'sku,name,base_price\nN-1,Nul\u0000Name,1', false);
    expect(nul.errors).toEqual([{ line: 2, column: 'name', message: expect.stringContaining('NUL') }]);
    expect(await snapshot(merchantId)).toEqual([]);
  });

  it('previews, then creates and updates by SKU, making the vocabulary it names', async () => {
    const { merchantId, admin } = await newMerchant();
    await createVocabulary('brands', merchantId, admin.headers, { name: 'Bega' });
    const existing = await create(merchantId, admin.headers, { sku: 'chs-1', name: 'Cheese', pack_size: 12 });

    const preview = await importCsv(merchantId, admin.headers, FILE, true);
    expect(preview).toMatchObject({
      is_written: false,
      created: 2,
      updated: 1,
      errors: [],
      new_brands: ['Dairy Farmers'],
      new_suppliers: [],
      new_categories: ['Dairy > Milk', 'Dairy'],
      new_units_of_measure: ['Bottle'],
    });
    expect(await snapshot(merchantId)).toHaveLength(1);

    const written = await importCsv(merchantId, admin.headers, `\uFEFF${FILE}\r\n`, false);
    expect(written).toMatchObject({ is_written: true, created: 2, updated: 1, errors: [] });
    const all = (await list(merchantId, admin.headers, { status: 'all' })).items;
    const bySku = Object.fromEntries(all.map((product) => [product.sku, product]));
    expect(bySku['MLK-2']).toMatchObject({
      name: 'Full Cream Milk 2L',
      brand: { name: 'Dairy Farmers' },
      category: { name: 'Milk' },
      unit_of_measure: { name: 'Bottle', abbreviation: 'Bottle' },
      base_price_cents: 310,
      cost_cents: 205,
      is_gst_applicable: true,
      is_active: true,
    });
    // Matched ignoring case; the file's columns change it, the others (pack size) are kept.
    expect(bySku['CHS-1']).toMatchObject({
      id: existing.id,
      name: 'Tasty Cheese, 500g',
      description: 'Aged 12 months, "sharp"',
      brand: { name: 'Bega' },
      category: { name: 'Dairy' },
      base_price_cents: 1250,
      is_gst_applicable: false,
      pack_size: 12,
      version: 2,
    });
    expect(bySku['OLD-1']).toMatchObject({ base_price_cents: 99, is_active: false });
    // The new sub-category sits under the new top-level one.
    const categories = await t.database.db
      .select()
      .from(categoriesTable)
      .where(eq(categoriesTable.merchantId, merchantId));
    const dairy = categories.find((row) => row.name === 'Dairy');
    expect(categories.find((row) => row.name === 'Milk')).toMatchObject({ parentId: dairy?.id });
  });

  it('matches names and SKUs by the database’s lower case, not JavaScript’s', async () => {
    // JavaScript lower-cases ΟΔΟΣ to οδος and İ to i̇; PostgreSQL's lower() (which the unique
    // indexes use) gives οδοσ and i. Matching must follow the database, or names clash.
    const { merchantId, admin } = await newMerchant();
    await createVocabulary('suppliers', merchantId, admin.headers, { name: 'İzmir Foods' });
    const file = [
      'sku,name,brand,supplier,category,unit,base_price',
      'İ-1,Figs,ΟΔΟΣ Foods,izmir foods,ΟΔΟΣ > İzmir,Κιλό,4.50',
      'ΟΔΟΣ-1,Olives,οδοσ foods,,İzmir,,3',
      // To the database these are different SKUs (οδος-1 and οδοσ-1), as ΟΔΟΣ-1 and οδος-1 are.
      'οδος-1,Oil,ΟΔΟΣ FOODS,,,κιλό,9',
    ].join('\n');
    const preview = await importCsv(merchantId, admin.headers, file, true);
    expect(preview).toMatchObject({
      is_written: false,
      created: 3,
      updated: 0,
      errors: [],
      new_brands: ['ΟΔΟΣ Foods'],
      new_suppliers: [],
      new_categories: ['ΟΔΟΣ > İzmir', 'İzmir'],
      new_units_of_measure: ['Κιλό'],
    });
    const written = await importCsv(merchantId, admin.headers, file, false);
    expect(written).toMatchObject({ is_written: true, created: 3, updated: 0, errors: [] });
    const first = await snapshot(merchantId);
    expect(new Set(first.map((row) => row.brandId)).size).toBe(1);
    expect(first.map((row) => row.sku).sort()).toEqual(['İ-1', 'ΟΔΟΣ-1', 'οδος-1'].sort());

    // Again, changed: every row updates the product it made, and nothing new is named.
    const again = await importCsv(merchantId, admin.headers, file.replace('4.50', '5'), false);
    expect(again).toMatchObject({
      is_written: true,
      created: 0,
      updated: 1,
      unchanged: 2,
      errors: [],
      new_brands: [],
      new_suppliers: [],
      new_categories: [],
      new_units_of_measure: [],
    });
    const figs = (await snapshot(merchantId)).find((row) => row.sku === 'İ-1');
    expect(figs).toMatchObject({ id: first.find((row) => row.sku === 'İ-1')?.id, basePriceCents: 500 });
    // i-1 is İ-1 to the database, so an existing product, whichever way it is spelt.
    const lowerCase = await importCsv(merchantId, admin.headers, 'sku,name,base_price\ni-1,Figs,5', false);
    // (Its SKU is rewritten as the file spells it, so it changes.)
    expect(lowerCase).toMatchObject({ is_written: true, created: 0, updated: 1, unchanged: 0, errors: [] });

    // Within a file, SKUs the database would take for one are still reported.
    const repeated = await importCsv(
      merchantId,
      admin.headers,
      ['sku,name,base_price', 'A-1,Apples,1', 'a-1,Apples,1', 'İ-2,Figs,1', 'i-2,Figs,1'].join('\n'),
      false,
    );
    expect(repeated).toMatchObject({ is_written: false, created: 2 });
    expect(repeated.errors).toEqual([
      { line: 3, column: 'sku', message: 'The SKU “a-1” is already on line 2.' },
      { line: 5, column: 'sku', message: 'The SKU “i-2” is already on line 4.' },
    ]);
  });

  it('refuses a file with more rows than allowed', async () => {
    const { merchantId, admin } = await newMerchant();
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, index) => `S${index},N,1`);
    const result = await importCsv(
      merchantId,
      admin.headers,
      ['sku,name,base_price', ...rows].join('\n'),
      true,
    );
    expect(result.errors).toEqual([
      { line: MAX_IMPORT_ROWS + 2, column: null, message: expect.stringContaining('20,000') },
    ]);
  });
});

describe('CSV template', () => {
  it('is the import’s own columns with an example row the import takes as it is', async () => {
    const { merchantId, admin } = await newMerchant();
    const template = productCsvTemplate();
    expect(template.split('\r\n')[0]).toBe(PRODUCT_CSV_COLUMNS.join(','));
    const preview = await importCsv(merchantId, admin.headers, template, true);
    expect(preview).toMatchObject({ errors: [], created: 1, updated: 0 });
  });
});

describe('CSV units of measure', () => {
  it('matches a unit by its name, its abbreviation or both, ignoring case, and makes no duplicate', async () => {
    const { merchantId, admin } = await newMerchant();
    const kilogram = await createVocabulary('uom', merchantId, admin.headers, {
      name: 'Kilogram',
      abbreviation: 'kg',
    });
    const file = [
      'sku,name,unit,base_price',
      'A-1,Apples,kg,1.50',
      'B-1,Bananas,KILOGRAM,2',
      'C-1,Cherries,Kilogram (KG),3',
      'D-1,Dates,Punnet,4',
    ].join('\n');
    const preview = await importCsv(merchantId, admin.headers, file, true);
    expect(preview).toMatchObject({ errors: [], new_units_of_measure: ['Punnet'] });
    const written = await importCsv(merchantId, admin.headers, file, false);
    expect(written).toMatchObject({ is_written: true, created: 4, new_units_of_measure: ['Punnet'] });
    const units = Object.fromEntries(
      (await list(merchantId, admin.headers)).items.map((p) => [p.sku, p.unit_of_measure?.id]),
    );
    expect([units['A-1'], units['B-1'], units['C-1']]).toEqual([kilogram.id, kilogram.id, kilogram.id]);

    // An abbreviation two units share is not guessed at.
    await createVocabulary('uom', merchantId, admin.headers, { name: 'Carton', abbreviation: 'ctn' });
    await createVocabulary('uom', merchantId, admin.headers, { name: 'Case', abbreviation: 'CTN' });
    const shared = await importCsv(
      merchantId,
      admin.headers,
      'sku,name,unit,base_price\nE-1,Eggs,ctn,5',
      true,
    );
    expect(shared.errors).toEqual([
      {
        line: 2,
        column: 'unit',
        message: 'Several units are abbreviated “ctn”; write the unit’s name instead.',
      },
    ]);
  });

  it('exports what it imports back: export, import, no new unit and every row unchanged', async () => {
    const { merchantId, admin } = await newMerchant();
    const kilogram = await createVocabulary('uom', merchantId, admin.headers, {
      name: 'Kilogram',
      abbreviation: 'kg',
    });
    await create(merchantId, admin.headers, { sku: 'A-1', unit_of_measure_id: kilogram.id });
    await create(merchantId, admin.headers, { sku: 'B-1', unit_of_measure_id: kilogram.id });
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/organisation/${merchantId}/bulk`,
      headers: admin.headers,
    });
    const before = await snapshot(merchantId);
    const again = await importCsv(merchantId, admin.headers, exported.body, false);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, new_units_of_measure: [] });
    expect(await snapshot(merchantId)).toEqual(before);

    // One row changed: one to update, one unchanged, on the preview as in the write.
    const edited = exported.body.replace(/^(A-1,.*),3\.10,/m, '$1,3.20,');
    expect(await importCsv(merchantId, admin.headers, edited, true)).toMatchObject({
      updated: 1,
      unchanged: 1,
    });
    expect(await importCsv(merchantId, admin.headers, edited, false)).toMatchObject({
      is_written: true,
      updated: 1,
      unchanged: 1,
    });
  });
});

describe('GET /products/organisation/{id}/bulk (CSV export)', () => {
  it('downloads the filtered list as CSV that imports back unchanged', async () => {
    const a = await newMerchant();
    const dairy = await createVocabulary('categories', a.merchantId, a.admin.headers, { name: 'Dairy' });
    const drinks = await createVocabulary('categories', a.merchantId, a.admin.headers, { name: 'Drinks' });
    const milkUnderDairy = await createVocabulary('categories', a.merchantId, a.admin.headers, {
      name: 'Milk',
      parent_id: dairy.id,
    });
    await createVocabulary('categories', a.merchantId, a.admin.headers, {
      name: 'Milk',
      parent_id: drinks.id,
    });
    await importCsv(a.merchantId, a.admin.headers, FILE, false);
    await create(a.merchantId, a.admin.headers, {
      sku: '=CMD',
      name: '@risky, "quoted"\nname',
      category_id: milkUnderDairy.id,
      cost_cents: 1,
      barcode: '+61400',
    });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/organisation/${a.merchantId}/bulk?status=all`,
      headers: a.admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    const csv = response.body;
    expect(csv.split('\r\n')[0]).toBe(
      'sku,name,description,brand,supplier,category,unit,base_price,cost,gst,min_order_quantity,pack_size,barcode,active',
    );
    expect(csv).toContain(
      `'=CMD,"'@risky, ""quoted""\nname",,,,Dairy > Milk,,3.10,0.01,true,1,1,'+61400,true\r\n`,
    );
    const described = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const download = described.paths['/api/v1/products/organisation/{id}/bulk'].get.responses['200'];
    expect(Object.keys(download.content)).toEqual(['text/csv']);
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/organisation/${a.merchantId}/bulk?search=cheese`,
      headers: a.admin.headers,
    });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);

    // Into a new merchant: the same products, vocabulary and all.
    const b = await newMerchant();
    const imported = await importCsv(b.merchantId, b.admin.headers, csv, false);
    expect(imported).toMatchObject({ is_written: true, created: 4, updated: 0, errors: [] });
    const shape = (rows: Awaited<ReturnType<typeof list>>['items']) =>
      rows.map(
        ({
          id: _id,
          created_at: _c,
          updated_at: _u,
          version: _v,
          brand,
          supplier,
          category,
          unit_of_measure,
          ...rest
        }) => ({
          ...rest,
          brand: brand?.name,
          supplier: supplier?.name,
          category: category?.name,
          unit: unit_of_measure?.name,
        }),
      );
    const original = (await list(a.merchantId, a.admin.headers, { status: 'all' })).items;
    expect(shape((await list(b.merchantId, b.admin.headers, { status: 'all' })).items)).toEqual(
      shape(original),
    );

    // Back into the same merchant: every row matches, and nothing changes, not even a version.
    const before = await snapshot(a.merchantId);
    const again = await importCsv(a.merchantId, a.admin.headers, csv, false);
    expect(again).toMatchObject({ is_written: true, created: 0, updated: 0, unchanged: 4, errors: [] });
    expect(await snapshot(a.merchantId)).toEqual(before);
  });
});
