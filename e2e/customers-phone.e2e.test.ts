import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { PATIENCE, signIn } from './catalogue-helpers.ts';

// Issue 9: the customers list and a pricing tier's products on a phone (defect 11), and a merchant
// User's customer screens (defect 2), in Chromium over the built app and the demo data.

const PHONE = { width: 390, height: 844 };
const ADMIN_ONLY_REASON = 'Only an Admin of this organisation can change this.';
// From the demo seed: the café is a "Hospitality Partner"; the bistro and the bakery are "Wholesale".
const CAFE = 'Bean There Café';
const BISTRO = 'The Corner Bistro';

const journey = useJourney({ viewport: PHONE, pagePerTest: false });

/** The element is drawn, and wholly inside the phone's width (not scrolled off to the right). */
async function expectOnScreen(locator: Locator) {
  await locator.waitFor(PATIENCE);
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

describe('the customers list on a phone', () => {
  it('shows each customer as a card with its tier and terms on screen, and filters by tier', async () => {
    await journey.openPage();
    await signIn(journey.page, 'merchant@demo.test');
    await journey.page.goto('/customers');

    const list = journey.page.getByRole('list', { name: 'Customers' });
    const cafe = list.getByRole('listitem', { name: CAFE });
    await expectOnScreen(cafe.getByRole('link', { name: CAFE }));
    await expectOnScreen(cafe.getByText('Hospitality Partner'));
    await expectOnScreen(cafe.getByText('Terms'));
    expect(await journey.page.getByRole('table', { name: 'Customers' }).count()).toBe(0);

    await journey.page.getByLabel('Pricing tier').selectOption({ label: 'Wholesale' });
    await list.getByRole('listitem', { name: BISTRO }).getByText('Wholesale').waitFor(PATIENCE);
    await cafe.waitFor({ state: 'detached', ...PATIENCE });
    expect(new URL(journey.page.url()).searchParams.get('tier')).not.toBeNull();
  });
});

describe('a pricing tier on a phone', () => {
  it('keeps each product’s tier price on screen, as a card', async () => {
    await journey.openPage();
    await signIn(journey.page, 'merchant@demo.test');
    await journey.page.goto('/pricing');
    await journey.page.getByRole('link', { name: 'Wholesale', exact: true }).click(PATIENCE);

    // Each row of the member table is a card on a phone (app.css, cards-on-phone).
    const products = journey.page.getByRole('table', { name: 'Products in Wholesale' });
    const first = products.getByRole('row').nth(1);
    await expectOnScreen(first.getByRole('textbox', { name: /^Tier price for / }));
    await expectOnScreen(first.getByText(/^\$\d+\.\d\d$/).first());
    await expectOnScreen(first.getByRole('button', { name: /^Remove / }));
  });
});

describe('a merchant User’s customer screens', () => {
  it('shows payment settings without inputs and says why, and adds a customer with the defaults', async () => {
    await journey.openPage({ width: 1280, height: 900 });
    await signIn(journey.page, 'staff@demo.test');
    await journey.page.goto('/customers');
    await journey.page.getByRole('link', { name: CAFE }).click(PATIENCE);

    const payments = journey.page.getByRole('region', { name: 'Payment settings' });
    await payments.getByText(ADMIN_ONLY_REASON).waitFor(PATIENCE);
    expect(await payments.getByLabel(/^Payment terms/).count()).toBe(0);
    expect(await payments.getByRole('button', { name: 'Save payment settings' }).count()).toBe(0);

    await journey.page.goto('/customers');
    await journey.page.getByRole('button', { name: 'Add customer' }).first().click();
    const dialog = journey.page.getByRole('dialog', { name: 'Add customer' });
    await dialog.getByText(ADMIN_ONLY_REASON).waitFor(PATIENCE);
    expect(await dialog.getByLabel(/^Payment terms/).count()).toBe(0);
    await dialog.getByLabel(/^Business name/).fill('Staff Added Deli');
    await dialog.getByRole('button', { name: 'Add customer' }).click();

    await journey.page.getByRole('heading', { level: 1, name: 'Staff Added Deli' }).waitFor(PATIENCE);
    await journey.page
      .getByRole('region', { name: 'Payment settings' })
      .getByText('14 days')
      .waitFor(PATIENCE);
  });
});
