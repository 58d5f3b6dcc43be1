import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import {
  addThroughProductPicker,
  ApiSession,
  choose,
  csvFile,
  PATIENCE,
  seeText,
  signIn,
  TINY_PNG,
} from './catalogue-helpers.ts';

// The journeys build on each other, in file order, on one server: the vocabulary made first is
// chosen on the product, and that product is then priced and kept for one group.

const MERCHANT = 'merchant@demo.test';
const BRAND = 'Kurrajong Provisions';
const SUPPLIER = 'Riverina Growers Co-op';
const UNIT = { name: 'Tray', abbreviation: 'tray' };
const CATEGORY = { name: 'Bush Foods', parent: 'Pantry' };
const PRODUCT = { name: 'Wattleseed Dukkah 250g', sku: 'KUR-DUK-250', basePrice: '14.50' };
// From the demo seed: the café pays the Hospitality Partner tier's prices; the bistro is in Wholesale.
const CAFE = 'Bean There Café';
const TIER = 'Hospitality Partner';
const GROUP = 'Bush pantry — trial venues';
const LONG_JOURNEY_MS = 180_000;

const journey = useJourney();

/** Adds one brand, supplier, unit or category in its screen's dialog, then finds it by searching. */
async function addVocabulary(options: {
  path: string;
  singular: string;
  plural: string;
  fields: Record<string, string>;
  parent?: string;
}) {
  const name = options.fields.Name!;
  await journey.page.goto(options.path);
  await journey.page
    .getByRole('button', { name: `Add ${options.singular}` })
    .first()
    .click();
  const dialog = journey.page.getByRole('dialog', { name: `Add ${options.singular}` });
  for (const [label, value] of Object.entries(options.fields)) {
    await dialog.getByLabel(new RegExp(`^${label}`)).fill(value);
  }
  if (options.parent) await dialog.getByLabel('Parent category').selectOption({ label: options.parent });
  await dialog.getByRole('button', { name: `Add ${options.singular}` }).click();
  await seeText(journey.page, `“${name}” added`);
  await dialog.waitFor({ state: 'hidden', ...PATIENCE });
  // The list is paged, so the new one is found the way a person would: by searching for it.
  await journey.page.getByRole('searchbox', { name: `Search ${options.plural}` }).fill(name);
  const row = journey.page
    .getByRole('row')
    .filter({ has: journey.page.getByRole('rowheader', { name, exact: true }) });
  await row.waitFor(PATIENCE);
  return row;
}

describe('the catalogue vocabulary', () => {
  it('gains a brand, a supplier, a unit of measure and a sub-category through their screens', async () => {
    await signIn(journey.page, MERCHANT);
    await addVocabulary({ path: '/brands', singular: 'brand', plural: 'brands', fields: { Name: BRAND } });

    const supplier = await addVocabulary({
      path: '/suppliers',
      singular: 'supplier',
      plural: 'suppliers',
      fields: { Name: SUPPLIER, 'Contact email': 'orders@riverina.test', Phone: '02 6555 0110' },
    });
    await supplier.getByRole('cell', { name: 'orders@riverina.test' }).waitFor(PATIENCE);

    const unit = await addVocabulary({
      path: '/uoms',
      singular: 'unit of measure',
      plural: 'units of measure',
      fields: { Name: UNIT.name, Abbreviation: UNIT.abbreviation },
    });
    await unit.getByRole('cell', { name: UNIT.abbreviation, exact: true }).waitFor(PATIENCE);

    const category = await addVocabulary({
      path: '/categories',
      singular: 'category',
      plural: 'categories',
      fields: { Name: CATEGORY.name },
      parent: CATEGORY.parent,
    });
    await category.getByRole('cell', { name: CATEGORY.parent, exact: true }).waitFor(PATIENCE);
  });
});

describe('a new product', () => {
  it('is created with that vocabulary and an uploaded image, and is listed', async () => {
    await signIn(journey.page, MERCHANT);
    await journey.page.goto('/products/create');
    const form = journey.page.getByRole('form', { name: 'New product' });
    await form.getByLabel(/^Name/).fill(PRODUCT.name);
    await form.getByLabel(/^SKU/).fill(PRODUCT.sku);
    await form.getByLabel('Description', { exact: true }).fill('Roasted wattleseed, macadamia and salt.');
    await choose(journey.page, form.getByLabel('Brand', { exact: true }), 'Kurrajong', BRAND);
    await choose(journey.page, form.getByLabel('Supplier', { exact: true }), 'Riverina', SUPPLIER);
    await choose(journey.page, form.getByLabel('Category', { exact: true }), 'Bush', CATEGORY.name);
    await choose(journey.page, form.getByLabel('Unit of measure', { exact: true }), 'Tray', 'Tray (tray)');
    await form.getByLabel(/^Base price/).fill(PRODUCT.basePrice);
    await form.getByLabel(/^Cost/).fill('8.20');
    await form
      .getByLabel('Image file')
      .setInputFiles({ name: 'dukkah.png', mimeType: 'image/png', buffer: TINY_PNG });
    await form.getByRole('button', { name: 'Change image' }).waitFor(PATIENCE);
    await form.getByRole('button', { name: 'Create product' }).click();

    await journey.page.waitForURL(/\/products\/[0-9a-f-]{36}$/, PATIENCE);
    await journey.page.getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor(PATIENCE);
    const details = journey.page.getByRole('form', { name: 'Product details' });
    expect(await details.getByLabel('Brand', { exact: true }).inputValue()).toBe(BRAND);
    expect(await details.getByLabel('Supplier', { exact: true }).inputValue()).toBe(SUPPLIER);
    expect(await details.getByLabel('Category', { exact: true }).inputValue()).toBe(CATEGORY.name);
    expect(await details.getByLabel('Unit of measure', { exact: true }).inputValue()).toBe('Tray (tray)');
    // The saved image is served back: the preview has loaded the 1×1 picture.
    const preview = details.getByRole('img', { name: 'Image preview' });
    await preview.waitFor(PATIENCE);
    await expect
      .poll(
        () => preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        PATIENCE,
      )
      .toBe(1);

    await journey.page.goto('/products?q=Wattleseed');
    const row = journey.page
      .getByRole('row')
      .filter({ has: journey.page.getByRole('link', { name: PRODUCT.name }) });
    await row.waitFor(PATIENCE);
    for (const cell of [PRODUCT.sku, BRAND, CATEGORY.name, UNIT.abbreviation, `$${PRODUCT.basePrice}`]) {
      await row.getByRole('cell', { name: cell, exact: true }).waitFor(PATIENCE);
    }
  });
});

describe('a tier price and a visibility group', () => {
  it(
    'price the product for the café’s tier and show it only to the group’s customers',
    async () => {
      const [merchantApi, cafeApi, bistroApi] = await Promise.all(
        [MERCHANT, 'customer@demo.test', 'bistro@demo.test'].map((email) =>
          ApiSession.signIn(journey.server.url, email),
        ),
      );
      const merchantId = await merchantApi!.organisationId('Harbourside Wholesale');
      const cafeId = await cafeApi!.organisationId(CAFE);
      const bistroId = await bistroApi!.organisationId('The Corner Bistro');
      const cafeSees = () => cafeApi!.catalogue(merchantId, cafeId, 'Wattleseed');
      const bistroSees = () => bistroApi!.catalogue(merchantId, bistroId, 'Wattleseed');
      const asListed = (price_cents: number, is_tier_price: boolean) => [
        expect.objectContaining({ name: PRODUCT.name, price_cents, is_tier_price }),
      ];
      // In no group yet, so every customer sees it, at the base price.
      expect(await cafeSees()).toEqual(asListed(1450, false));

      await signIn(journey.page, MERCHANT);
      await journey.page.goto('/pricing');
      await journey.page.getByRole('link', { name: TIER }).click();
      await journey.page.getByRole('heading', { level: 1, name: TIER }).waitFor(PATIENCE);
      await addThroughProductPicker(journey.page, TIER, PRODUCT.name);
      const tierPrice = async () => {
        const products = journey.page.getByRole('region', { name: 'Products' });
        await products
          .getByRole('searchbox', { name: 'Search products in this pricing tier' })
          .fill('Wattleseed');
        const input = products.getByRole('textbox', { name: `Tier price for ${PRODUCT.name}` });
        await input.waitFor(PATIENCE);
        return input;
      };
      const price = await tierPrice();
      await expect.poll(() => price.inputValue(), PATIENCE).toBe(PRODUCT.basePrice);
      await price.fill('11.25');
      await journey.page
        .getByRole('group', { name: 'Unsaved prices' })
        .getByRole('button', { name: 'Save 1 price' })
        .click();
      await seeText(journey.page, 'Saved 1 price');
      await journey.page.reload();
      await expect.poll(async () => (await tierPrice()).inputValue(), PATIENCE).toBe('11.25');
      expect(await cafeSees()).toEqual(asListed(1125, true));
      expect(await bistroSees()).toEqual(asListed(1450, false));

      await journey.page.goto('/visibility');
      await journey.page.getByRole('button', { name: 'Add visibility group' }).first().click();
      const create = journey.page.getByRole('dialog', { name: 'Add visibility group' });
      await create.getByRole('textbox', { name: /^Name/ }).fill(GROUP);
      await create.getByRole('button', { name: 'Add visibility group' }).click();
      await journey.page.getByRole('heading', { level: 1, name: GROUP }).waitFor(PATIENCE);
      await addThroughProductPicker(journey.page, GROUP, PRODUCT.name);
      await journey.page
        .getByRole('region', { name: 'Products' })
        .getByRole('link', { name: PRODUCT.name })
        .waitFor(PATIENCE);
      // Kept for the group's customers now, and neither customer is in it yet.
      expect(await cafeSees()).toEqual([]);
      expect(await bistroSees()).toEqual([]);

      await journey.page.getByRole('tab', { name: 'Customers' }).click();
      const customers = journey.page.getByRole('region', { name: 'Customers' });
      await customers.getByRole('button', { name: 'Add customers' }).click();
      const picker = journey.page.getByRole('dialog', { name: `Add customers to “${GROUP}”` });
      await picker.getByRole('searchbox', { name: 'Search your customers' }).fill('Bean');
      await picker.getByRole('button', { name: `Add ${CAFE}` }).click(PATIENCE);
      await picker.getByText('Added', { exact: true }).waitFor(PATIENCE);
      await picker.getByRole('button', { name: 'Done' }).click();
      await customers.getByRole('link', { name: CAFE }).waitFor(PATIENCE);

      expect(await cafeSees()).toEqual(asListed(1125, true));
      expect(await bistroSees()).toEqual([]);
    },
    LONG_JOURNEY_MS,
  );
});

describe('importing products from a CSV file', () => {
  const quandong = (basePrice: string) =>
    csvFile('quandong.csv', [
      {
        sku: 'QDG-001',
        name: 'Quandong Jam 300g',
        brand: 'Desert Lime Co.',
        unit: 'Each',
        base_price: '7.80',
      },
      { sku: 'QDG-002', name: 'Quandong Chutney 250g', brand: 'Desert Lime Co.', base_price: basePrice },
      { sku: 'QDG-003', name: 'Quandong Relish 250g', category: 'Pantry > Bush Foods', base_price: '6.95' },
    ]);
  const openImport = async () => {
    await journey.page.getByRole('button', { name: 'Import CSV' }).click();
    return journey.page.getByRole('dialog', { name: 'Import products' });
  };

  it(
    'names the bad row’s line and writes nothing, then imports the corrected file',
    async () => {
      await signIn(journey.page, MERCHANT);
      await journey.page.goto('/products?q=Quandong');
      await seeText(journey.page, 'No products match');

      let dialog = await openImport();
      await dialog.getByLabel('CSV file').setInputFiles(quandong('about 7'));
      const problems = dialog.getByRole('table', { name: 'Problems in the file' });
      await problems.waitFor(PATIENCE);
      await dialog.getByText('1 problem in the file').waitFor();
      expect(await problems.getByRole('row').allInnerTexts()).toEqual([
        expect.stringMatching(/^Line\s+Column\s+Problem$/),
        expect.stringMatching(/^3\s+base_price\s+A price in dollars, like 12\.50 \(not “about 7”\)\.$/),
      ]);
      expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden', ...PATIENCE });

      // Nothing was written: not the good rows' products, nor the brand they would have created.
      await journey.page.reload();
      await seeText(journey.page, 'No products match');
      await journey.page.goto('/brands?q=Desert');
      await seeText(journey.page, 'No brands match “Desert”');

      await journey.page.goto('/products?q=Quandong');
      await seeText(journey.page, 'No products match');
      dialog = await openImport();
      await dialog.getByLabel('CSV file').setInputFiles(quandong('7.40'));
      await dialog.getByText('The file is ready to import').waitFor(PATIENCE);
      await dialog.getByText('1 new brand: Desert Lime Co.').waitFor();
      await dialog.getByRole('button', { name: 'Import 3 products' }).click();
      await dialog.getByText('3 products created, 0 products updated.').waitFor(PATIENCE);
      await dialog.getByRole('button', { name: 'Done' }).click();

      for (const name of ['Quandong Jam 300g', 'Quandong Chutney 250g', 'Quandong Relish 250g']) {
        await journey.page
          .getByRole('table', { name: 'Products' })
          .getByRole('link', { name })
          .waitFor(PATIENCE);
      }
    },
    LONG_JOURNEY_MS,
  );
});
