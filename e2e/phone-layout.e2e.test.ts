import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { PATIENCE, signIn } from './catalogue-helpers.ts';

// Issue 9, defect 11: on a phone (390 px wide) the portal header shows the merchant's whole name,
// and lists keep every column on screen (as cards) instead of pushing them off to the side.

const PHONE = { width: 390, height: 844 };
const JOURNEY_MS = 180_000;

const journey = useJourney({ viewport: PHONE });

/** Left and right edges of what `locator` paints, in page pixels. */
async function horizontalExtent(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not on the page`);
  return { left: Math.round(box.x), right: Math.round(box.x + box.width) };
}

/** `locator` is shown whole: nothing cut off by a line clamp or an ellipsis, inside the screen's width. */
async function expectWhole(locator: Locator, what: string) {
  await locator.waitFor(PATIENCE);
  const cut = await locator.evaluate(
    (element) =>
      element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
  );
  expect(cut, `${what} is cut off`).toBe(false);
  const { left, right } = await horizontalExtent(locator);
  expect(left, `${what} starts off screen`).toBeGreaterThanOrEqual(0);
  expect(right, `${what} ends off screen`).toBeLessThanOrEqual(PHONE.width);
}

/** The page itself does not scroll sideways. */
async function expectNoSidewaysScroll() {
  const width = await journey.page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
      .document;
    return root.documentElement.scrollWidth;
  });
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(PHONE.width);
}

/**
 * Every column of the table's first row (its name, each value and its actions) is inside the
 * screen's width, so nothing needs a sideways scroll to be read.
 */
async function expectFirstRowOnScreen(table: Locator, what: string) {
  const row = table.locator('tbody tr').first();
  await row.waitFor(PATIENCE);
  const cells = row.locator(':scope > th, :scope > td');
  const count = await cells.count();
  expect(count, `${what} has no cells`).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    const cell = cells.nth(index);
    const label = `${what}, column ${index + 1} (“${(await cell.innerText()).trim().slice(0, 40)}”)`;
    const { left, right } = await horizontalExtent(cell);
    expect(left, `${label} starts off screen`).toBeGreaterThanOrEqual(0);
    expect(right, `${label} is off screen`).toBeLessThanOrEqual(PHONE.width);
  }
  await expectNoSidewaysScroll();
}

/** Opens a list screen and checks its table. */
async function checkList(path: string, tableName: string) {
  await journey.page.goto(path);
  await expectFirstRowOnScreen(journey.page.getByRole('table', { name: tableName }), `${path}: ${tableName}`);
}

describe('on a phone (390 × 844)', () => {
  it('shows a café the merchant’s whole name in the portal header, wrapped, with its own name', async () => {
    await signIn(journey.page, 'customer@demo.test');
    const header = journey.page.getByRole('banner');
    await expectWhole(
      header.getByText('Harbourside Wholesale Ordering Portal', { exact: true }),
      'the portal title',
    );
    await expectWhole(header.getByText('Bean There Café', { exact: true }), 'the café’s name');
    // Wrapped inside the header, not spilling out of it.
    const headerBox = await header.boundingBox();
    const titleBox = await header
      .getByText('Harbourside Wholesale Ordering Portal', { exact: true })
      .boundingBox();
    expect(titleBox!.y + titleBox!.height).toBeLessThanOrEqual(headerBox!.y + headerBox!.height + 1);
    await expectNoSidewaysScroll();
  });

  it(
    'keeps every column of the pricing, visibility and catalogue lists on screen for a merchant',
    async () => {
      await signIn(journey.page, 'merchant@demo.test');
      await expectWhole(
        journey.page.getByRole('banner').getByText('Harbourside Wholesale', { exact: true }),
        'the title',
      );

      await checkList('/pricing', 'Pricing Tiers');
      await journey.page.getByRole('link', { name: 'Hospitality Partner' }).click();
      await expectFirstRowOnScreen(
        journey.page.getByRole('table', { name: 'Products in Hospitality Partner' }),
        'a tier’s products',
      );
      await journey.page.getByRole('tab', { name: 'Customers' }).click();
      await expectFirstRowOnScreen(
        journey.page.getByRole('table', { name: 'Customers in Hospitality Partner' }),
        'a tier’s customers',
      );

      await checkList('/visibility', 'Visibility Groups');
      await journey.page.getByRole('link', { name: 'Premium coffee — partners only' }).click();
      await expectFirstRowOnScreen(
        journey.page.getByRole('table', { name: 'Products in Premium coffee — partners only' }),
        'a group’s products',
      );
      await journey.page.getByRole('tab', { name: 'Customers' }).click();
      await expectFirstRowOnScreen(
        journey.page.getByRole('table', { name: 'Customers in Premium coffee — partners only' }),
        'a group’s customers',
      );

      await checkList('/categories', 'Categories');
      await checkList('/brands', 'Brands');
      await checkList('/suppliers', 'Suppliers');
      await checkList('/uoms', 'Units of measure');
    },
    JOURNEY_MS,
  );
});
