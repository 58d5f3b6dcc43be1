import { readFile } from 'node:fs/promises';
import {
  addDays,
  type CustomerAccountBalance,
  formatInvoiceNumber,
  OUTSTANDING_CSV_COLUMNS,
  type OutstandingOrder,
  type PaymentSummary,
  type ReceivablesOverview,
} from '@tradeport/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiSession, PATIENCE, signIn } from './catalogue-helpers.ts';
import { useJourney } from './journey.ts';
import { audMoney, pdfText } from './order-documents.ts';
import { wcagViolations } from './wcag.ts';

// Issue 11, receivables: the merchant reads the Payments overview, narrows Outstanding payments to
// what is overdue and downloads it as CSV, and downloads a customer's statement from Customer
// Accounts (its text read with pdftotext); a café reads what it owes on a phone.

const JOURNEY_MS = 180_000;
const MERCHANT = 'Harbourside Wholesale';
const PHONE = { width: 390, height: 844 };

const journey = useJourney({ pagePerTest: false });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A file the page hands the browser, read back as bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download', PATIENCE), click()]);
  return readFile((await download.path())!);
}

/** CSV lines split as a spreadsheet would (no cell of the demo's holds a line break). */
const csvLines = (text: string) => text.split('\r\n').filter((line) => line.length > 0);

/** Every cell of the table's first row is inside a phone's width, and the page does not scroll sideways. */
async function expectFirstRowOnPhone(page: Page, table: Locator) {
  const cells = table.locator('tbody tr').first().locator(':scope > th, :scope > td');
  await cells.first().waitFor(PATIENCE);
  for (let index = 0; index < (await cells.count()); index += 1) {
    const box = (await cells.nth(index).boundingBox())!;
    expect(box.x, `column ${index + 1} starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `column ${index + 1} ends off screen`).toBeLessThanOrEqual(PHONE.width);
  }
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(PHONE.width);
}

/**
 * A list has its new rows at rest: not busy, and faded back in (the earlier rows stay, dimmed, until
 * the answer comes), so colours are read as a person sees them.
 */
async function settledTable(page: Page, name: string) {
  await page.locator(`table[aria-label="${name}"]:not([aria-busy])`).waitFor(PATIENCE);
  await page.waitForFunction((label) => {
    const { document, getComputedStyle } = globalThis as unknown as {
      document: { querySelector: (selector: string) => unknown };
      getComputedStyle: (element: unknown) => { opacity: string };
    };
    const table = document.querySelector(`table[aria-label="${label}"]`);
    return table !== null && getComputedStyle(table).opacity === '1';
  }, name);
}

describe('receivables', () => {
  it(
    'reads the overview, filters outstanding to overdue and downloads it as CSV, and downloads a customer’s statement',
    async () => {
      const merchant = await ApiSession.signIn(journey.server.url, 'merchant@demo.test');
      const merchantId = await merchant.organisationId(MERCHANT);
      const api = <T>(path: string) =>
        merchant.get<T>(`/payments/organisation/${merchantId}${path}`, merchantId);
      const overview = await api<ReceivablesOverview>('/overview?period=LAST_90_DAYS');
      const overdue = await api<{ items: OutstandingOrder[]; next_cursor: string | null }>(
        '/outstanding?overdue=true&limit=100',
      );
      expect(overdue.items.length, 'the demo has overdue invoices').toBeGreaterThan(0);
      expect(overdue.next_cursor).toBeNull();

      const page = await journey.openPage();
      await signIn(page, 'merchant@demo.test');

      // The overview: what came in over the last 90 days by method, and what is owed and overdue now.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Payments overview' })
        .click();
      await page.getByLabel('Period', { exact: true }).selectOption('LAST_90_DAYS');
      await page.waitForURL((url) => url.searchParams.get('period') === 'LAST_90_DAYS', PATIENCE);
      const received = page.getByRole('group', { name: 'Received in the period' });
      await received.getByText(audMoney(overview.received_cents), { exact: true }).waitFor(PATIENCE);
      const owed = page.getByRole('group', { name: 'Outstanding' });
      await owed.getByText(audMoney(overview.outstanding_cents), { exact: true }).waitFor();
      const overdueFigure = page.getByRole('group', { name: 'Overdue' });
      await overdueFigure.getByText(audMoney(overview.overdue_cents), { exact: true }).waitFor();
      const bank = overview.by_method.find((row) => row.method === 'BANK_TRANSFER')!;
      expect(bank.amount_cents, 'the demo has bank transfers in the last 90 days').toBeGreaterThan(0);
      await page
        .getByRole('table', { name: 'Received by method' })
        .getByRole('row', { name: `Bank Transfer ${bank.payment_count} ${audMoney(bank.amount_cents)}` })
        .waitFor();
      // The chart, loaded on its own once there is something to draw.
      await page.locator('.recharts-surface').first().waitFor(PATIENCE);
      const ninetyPlus = overview.aging.find((row) => row.bucket === 'DAYS_90_PLUS')!;
      await page
        .getByRole('table', { name: 'Outstanding by age' })
        .getByRole('row', { name: `90+ days ${ninetyPlus.order_count} ${audMoney(ninetyPlus.amount_cents)}` })
        .waitFor();
      expect(await wcagViolations(page), 'the overview').toEqual([]);

      // Outstanding payments, overdue only.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Outstanding payments' })
        .click();
      const table = page.getByRole('table', { name: 'Outstanding invoices' });
      await table.locator('tbody tr').first().waitFor(PATIENCE);
      await page.getByRole('switch', { name: 'Overdue only' }).click();
      await page.waitForURL((url) => url.searchParams.get('overdue') === 'true', PATIENCE);
      const shown = Math.min(overdue.items.length, 50);
      await page
        .getByText(`Showing ${shown} outstanding ${shown === 1 ? 'invoice' : 'invoices'}`)
        .waitFor(PATIENCE);
      await settledTable(page, 'Outstanding invoices');
      const oldest = overdue.items[0]!;
      const oldestRow = table.getByRole('row').filter({
        has: page.getByRole('link', { name: formatInvoiceNumber(oldest.invoice_number), exact: true }),
      });
      await oldestRow.getByText(`${oldest.days_overdue} days`, { exact: true }).waitFor();
      expect(await table.getByText('Not yet', { exact: true }).count(), 'nothing not yet due is listed').toBe(
        0,
      );
      expect(await wcagViolations(page), 'the outstanding list').toEqual([]);

      const csv = csvLines(
        (await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click())).toString(
          'utf8',
        ),
      );
      expect(csv[0]).toBe(OUTSTANDING_CSV_COLUMNS.join(','));
      expect(csv).toHaveLength(overdue.items.length + 1);
      // Read from both ends: the customer's name in between may hold a (quoted) comma.
      const cells = csv[1]!.split(',');
      expect(cells[0]).toBe(formatInvoiceNumber(oldest.invoice_number));
      expect(cells[1]).toBe(String(oldest.number));
      expect(cells.at(-7)).toBe(oldest.due_date);
      expect(cells.at(-4)).toBe((oldest.outstanding_cents / 100).toFixed(2));
      expect(cells.at(-3)).toBe(String(oldest.days_overdue));

      // A customer's statement from Customer Accounts: one that paid by bank transfer lately.
      const [payment] = (
        await api<{ items: PaymentSummary[] }>('?method=BANK_TRANSFER&state=SUCCESSFUL&limit=1')
      ).items;
      if (!payment || payment.allocations.length === 0) throw new Error('no bank transfer in the demo');
      const name = payment.customer.name;
      const accounts = await api<{ items: CustomerAccountBalance[]; as_of: string }>(
        `/customers?search=${encodeURIComponent(name)}`,
      );
      const account = accounts.items.find(
        (item) => item.organisation_id === payment.customer.organisation_id,
      )!;
      const from = addDays(accounts.as_of, -179);

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Customer Accounts' })
        .click();
      await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
      // Searched once typing pauses.
      await page.waitForURL((url) => url.searchParams.get('q') === name, PATIENCE);
      await settledTable(page, 'Customer accounts');
      const accountRow = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await accountRow.getByText(audMoney(account.balance_cents), { exact: true }).waitFor(PATIENCE);
      expect(await wcagViolations(page), 'Customer Accounts').toEqual([]);
      await accountRow.getByRole('button', { name: `Statement for ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Statement for ${name}` });
      await dialog.getByLabel('Period', { exact: true }).selectOption('CUSTOM');
      await dialog.getByLabel('From').fill(from);
      await dialog.getByLabel('To').fill(accounts.as_of);
      // The dialog alone: the page behind it is dimmed on purpose.
      expect(await wcagViolations(page, '[role="dialog"]'), 'the statement dialog').toEqual([]);
      const text = await pdfText(
        new Uint8Array(
          await downloaded(page, () => dialog.getByRole('button', { name: 'Download statement' }).click()),
        ),
      );
      await dialog.waitFor({ state: 'hidden', ...PATIENCE });

      expect(text).toContain('Statement');
      expect(text).toContain(MERCHANT);
      expect(text).toContain(name);
      expect(text).toMatch(/Opening balance/);
      expect(text).toContain(`Invoice ${formatInvoiceNumber(payment.allocations[0]!.invoice_number)}`);
      expect(text).toContain(`Payment #${payment.number}`);
      const closing = account.balance_cents - account.available_credit_cents;
      const closingText = closing < 0 ? `${audMoney(-closing)} CR` : audMoney(closing);
      expect(text).toMatch(new RegExp(`Closing balance on \\S+\\s+${escape(closingText)}`));
    },
    JOURNEY_MS,
  );

  it(
    'shows a café what it owes and its outstanding invoices on a phone',
    async () => {
      const customer = await ApiSession.signIn(journey.server.url, 'customer@demo.test');
      const cafeId = await customer.organisationId('Bean There Café');
      const [harbourside] = await customer.get<{ id: string; title: string }[]>(
        '/organisations/merchant',
        cafeId,
      );
      const owing = await customer.get<{ items: OutstandingOrder[] }>(
        `/payments/organisation/${cafeId}/outstanding?merchant_id=${harbourside!.id}&limit=100`,
        cafeId,
      );
      expect(owing.items.length, 'the café owes the demo merchant').toBeGreaterThan(0);
      const owed = owing.items.reduce((sum, order) => sum + order.outstanding_cents, 0);

      const page = await journey.openPage(PHONE);
      await signIn(page, 'customer@demo.test');
      await page.goto('/payments/overview');
      await page
        .getByRole('group', { name: 'You owe' })
        .getByText(audMoney(owed), { exact: true })
        .waitFor(PATIENCE);
      await expectFirstRowOnPhone(page, page.getByRole('table', { name: 'Outstanding by age' }));
      expect(await wcagViolations(page), 'the café’s overview').toEqual([]);

      await page.getByRole('link', { name: 'See the invoices you owe' }).click();
      const table = page.getByRole('table', { name: 'Outstanding invoices' });
      await table
        .getByRole('link', { name: formatInvoiceNumber(owing.items[0]!.invoice_number), exact: true })
        .waitFor(PATIENCE);
      await expectFirstRowOnPhone(page, table);
      expect(await wcagViolations(page), 'the café’s outstanding list').toEqual([]);
    },
    JOURNEY_MS,
  );
});
