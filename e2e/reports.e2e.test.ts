import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PATIENCE, signIn } from './catalogue-helpers.ts';
import { useJourney } from './journey.ts';
import { wcagViolations } from './wcag.ts';

// Issue 12's reports, from the demo data: the merchant reads what it sold by product over a
// year in AUD and en-AU dates, the table's total equal to the figure above it, downloads the
// report as CSV whose total row matches, and reads the GST summary and its receivables aging.

const JOURNEY_MS = 150_000;
const EN_AU_DATE = /\d{2}\/\d{2}\/\d{4}/;
const AUD = /\$\d[\d,]*\.\d{2}/;

const journey = useJourney();

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download', PATIENCE), click()]);
  return readFile((await download.path())!);
}

/** "$1,234.50" → 123450. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

describe('reports', () => {
  it(
    'shows the merchant its sales by product, the GST summary and aging, and downloads the CSV',
    async () => {
      const { page } = journey;
      await signIn(page, 'merchant@demo.test');
      await page.goto('/reports?report=sales-by-product&period=LAST_90_DAYS');
      await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor(PATIENCE);
      const tabs = page.getByRole('tablist', { name: 'Report' });
      expect(await tabs.getByRole('tab', { name: 'Sales by product' }).getAttribute('aria-selected')).toBe(
        'true',
      );

      const table = page.getByRole('table', { name: 'Sales by product' });
      await table.waitFor(PATIENCE);
      // Real demo figures: several products sold, each in AUD, and the period in en-AU dates.
      expect(await table.getByRole('row').count()).toBeGreaterThan(3);
      expect(await page.getByText(EN_AU_DATE).first().textContent()).toMatch(EN_AU_DATE);
      const figure = await page.getByRole('group', { name: 'Sales inc GST' }).textContent();
      expect(figure).toMatch(AUD);
      const footer = table.locator('tfoot');
      const totalCell = (await footer.getByRole('cell').last().textContent())!;
      expect(totalCell).toMatch(AUD);
      // The figure above and the table's total are the same sum.
      expect(figure).toContain(totalCell.trim());
      expect(await wcagViolations(page)).toEqual([]);

      const csv = (
        await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click())
      ).toString('utf8');
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).toBe('name,sku,count,quantity,sales_ex_gst,delivery_ex_gst,gst,total_inc_gst');
      expect(lines.at(-1)!.startsWith('Total,')).toBe(true);
      expect(Math.round(Number(lines.at(-1)!.split(',').at(-1)) * 100)).toBe(centsOf(totalCell));

      await tabs.getByRole('tab', { name: 'GST summary' }).click();
      await page.waitForURL(/report=gst/, PATIENCE);
      const months = page.getByRole('table', { name: /GST by month/ });
      await months.waitFor(PATIENCE);
      expect(await page.getByRole('group', { name: 'GST on sales (1A)' }).textContent()).toMatch(AUD);
      expect(await months.getByRole('row').count()).toBeGreaterThanOrEqual(3);

      await tabs.getByRole('tab', { name: 'Receivables aging' }).click();
      await page.waitForURL(/report=aging/, PATIENCE);
      await page.getByRole('table', { name: /Owed by customer/ }).waitFor(PATIENCE);
      expect(await page.getByRole('group', { name: 'Owed' }).textContent()).toMatch(AUD);
      expect(
        await page
          .getByText(/^As of /)
          .first()
          .textContent(),
      ).toMatch(EN_AU_DATE);
    },
    JOURNEY_MS,
  );
});
