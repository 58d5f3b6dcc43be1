import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../scripts/lib/browser.ts';
import { type RunningServer, startServer } from '../scripts/lib/server-process.ts';
import { PATIENCE, seeText, signIn } from './catalogue-helpers.ts';

// Merchants asked (issue 9): a tier's prices for a whole brand at once, as a percentage off base.
// From the demo seed: Crystal Clean's cleaning products are $19.90 each.

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await page?.context().close();
});

describe('a tier’s prices for a brand', () => {
  it('sets every Crystal Clean product in Wholesale to 10 % off, shown in the tier’s products', async () => {
    page = await (await browser.newContext({ baseURL: server.url, locale: 'en-AU' })).newPage();
    await signIn(page, 'merchant@demo.test');
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Wholesale', exact: true }).click(PATIENCE);

    await page.getByRole('button', { name: 'Set prices by brand or category' }).click(PATIENCE);
    const dialog = page.getByRole('dialog', { name: 'Set prices by brand or category' });
    await dialog.getByLabel('Brand', { exact: true }).selectOption({ label: 'Crystal Clean' }, PATIENCE);
    await dialog.getByLabel(/^Percentage off/).fill('10');
    await dialog.getByRole('button', { name: 'Set prices' }).click();

    await seeText(page, /^Set \d+ prices in “Wholesale” to 10% off the base price/);
    await page.getByRole('searchbox', { name: 'Search products in this pricing tier' }).fill('Cleaner');
    const prices = page.getByRole('textbox', { name: /^Tier price for .*Cleaner/ });
    await prices.first().waitFor(PATIENCE);
    await expect
      .poll(async () => Promise.all((await prices.all()).map((price) => price.inputValue())), PATIENCE)
      .toContain('17.91');
  });
});
