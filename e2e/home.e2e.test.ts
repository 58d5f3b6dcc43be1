import { describe, expect, it } from 'vitest';
import { PATIENCE, signIn } from './catalogue-helpers.ts';
import { useJourney } from './journey.ts';
import { wcagViolations } from './wcag.ts';

// Issue 12: what each side sees first, from the demo data. The merchant: today at a glance and
// 30 days of sales, in en-AU dates and AUD, each figure leading to its list. The café, on a phone:
// its next delivery, what it owes and its recent orders, one tap from ordering again.

const PHONE = { width: 390, height: 844 };
const JOURNEY_MS = 120_000;
const EN_AU_DATE = /\d{2}\/\d{2}\/\d{4}/;
const AUD = /\$\d[\d,]*\.\d{2}/;

const journey = useJourney();

describe('home', () => {
  it(
    'shows the merchant today at a glance and its sales, each figure leading to its list',
    async () => {
      const { page } = journey;
      await signIn(page, 'merchant@demo.test');
      const today = page.getByRole('heading', { level: 2, name: /^Today, / });
      await today.waitFor(PATIENCE);
      expect(await today.textContent()).toMatch(EN_AU_DATE);

      const sales = page.getByRole('region', { name: 'Sales, last 30 days' });
      // The demo's orders of the last weeks: a real total, from more than one order, and the chart.
      await expect(sales.textContent()).resolves.toMatch(AUD);
      expect(await sales.textContent()).toMatch(/from ([2-9]|\d{2,}) orders/);
      await sales.getByRole('img', { name: /^Area chart of sales per day/ }).waitFor(PATIENCE);
      expect(await page.getByRole('group', { name: 'Overdue' }).textContent()).toMatch(AUD);
      expect(await wcagViolations(page)).toEqual([]);

      const toProcess = page.getByRole('group', { name: 'To process' });
      const count = Number((await toProcess.locator('p').nth(1).textContent())?.replace(/,/g, ''));
      await toProcess.getByRole('link', { name: 'View orders to process' }).click();
      await page.waitForURL(/\/orders\?status=PROCESSING$/, PATIENCE);
      await page.getByRole('heading', { level: 1, name: 'All Orders' }).waitFor(PATIENCE);
      // The list the figure led to holds that many orders (the demo's are one page).
      const rows = page.getByRole('table').getByRole('row');
      await expect.poll(async () => (await rows.count()) - 1, { timeout: PATIENCE.timeout }).toBe(count);
    },
    JOURNEY_MS,
  );

  it(
    'shows the café on a phone its next delivery, what it owes and its recent orders to order again',
    async () => {
      const page = await journey.openPage(PHONE);
      await signIn(page, 'customer@demo.test');
      const recent = page.getByRole('region', { name: 'Recent orders' });
      await recent.getByRole('listitem').first().waitFor(PATIENCE);
      expect(await recent.getByRole('listitem').count()).toBe(5);
      expect(await recent.getByRole('listitem').first().textContent()).toMatch(EN_AU_DATE);
      // Its figure loads on its own (a status says so meanwhile): waited for, not read at once.
      const owed = page.getByRole('region', { name: /^You owe / });
      await expect.poll(async () => owed.textContent(), { timeout: PATIENCE.timeout }).toMatch(AUD);
      await page.getByRole('region', { name: 'Next delivery' }).waitFor(PATIENCE);
      const width = await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
            .documentElement.scrollWidth,
      );
      expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(PHONE.width);

      await recent.getByRole('listitem').first().getByRole('button', { name: 'Order again' }).click();
      await page.getByText('Added to your cart').first().waitFor(PATIENCE);
    },
    JOURNEY_MS,
  );
});
