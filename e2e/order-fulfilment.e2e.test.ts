import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { ApiSession, PATIENCE, signIn } from './catalogue-helpers.ts';
import { audMoney, pdfText } from './order-documents.ts';

// Issue 10: an order from placed to completed on the merchant's screens — a line changed while it
// is being packed, shipped, completed — and its tax invoice downloaded as the customer would
// print it.

const JOURNEY_MS = 120_000;

const journey = useJourney();

type OrderView = {
  id: string;
  number: number;
  status: string;
  total_cents: number;
  gst_cents: number;
  customer: { name: string };
  lines: { product_id: string; name: string; quantity: number }[];
  history: { kind: string; details: Record<string, unknown> }[];
};

describe('fulfilling an order', () => {
  it(
    'edits a line of a processing order, ships and completes it, and downloads its tax invoice',
    async () => {
      const { page, server } = journey;
      const merchant = await ApiSession.signIn(server.url, 'merchant@demo.test');
      const merchantId = await merchant.organisationId('Harbourside Wholesale');
      // The newest of the demo's orders still being packed.
      const processing = await merchant.get<{ items: { id: string; number: number }[] }>(
        `/orders/organisation/${merchantId}?status=PROCESSING&limit=1`,
        merchantId,
      );
      const { id: orderId, number } = processing.items[0]!;
      const before = await merchant.get<OrderView>(`/orders/${orderId}`);
      const line = before.lines[0]!;

      await signIn(page, 'merchant@demo.test');
      await page.goto('/orders');
      await page.getByRole('link', { name: `Order ${number}`, exact: true }).click(PATIENCE);
      await page.waitForURL((url) => url.pathname === `/orders/${orderId}`, PATIENCE);

      const quantity = page.getByRole('textbox', { name: `Quantity of ${line.name}` });
      await quantity.fill(String(line.quantity + 1));
      await page.getByRole('button', { name: `Save quantity of ${line.name}` }).click();
      await page.getByRole('button', { name: `Save quantity of ${line.name}` }).waitFor({
        state: 'detached',
        ...PATIENCE,
      });
      const status = page.getByRole('group', { name: 'Order status' });
      await status.getByRole('button', { name: 'Mark as shipped' }).click();
      await status.getByRole('button', { name: 'Mark as completed' }).click(PATIENCE);
      await status.waitFor({ state: 'detached', ...PATIENCE });

      const completed = await merchant.get<OrderView>(`/orders/${orderId}`);
      expect(completed.status).toBe('COMPLETED');
      expect(completed.lines.find((l) => l.product_id === line.product_id)!.quantity).toBe(line.quantity + 1);
      expect(completed.total_cents).toBeGreaterThan(before.total_cents);
      expect(completed.history.map((event) => event.kind)).toEqual(
        expect.arrayContaining(['PLACED', 'LINE_CHANGED', 'STATUS_CHANGED']),
      );

      const [download] = await Promise.all([
        page.waitForEvent('download', PATIENCE),
        page.getByRole('button', { name: 'Download invoice' }).click(),
      ]);
      const text = await pdfText(new Uint8Array(await readFile((await download.path())!)));
      expect(text).toContain('Tax invoice');
      expect(text).toContain('Harbourside Wholesale');
      expect(text).toContain('ABN 33 102 417 032');
      expect(text).toContain(completed.customer.name);
      expect(text).toMatch(new RegExp(`GST\\s+${escape(audMoney(completed.gst_cents))}`));
      expect(text).toMatch(new RegExp(`Total payable inc GST\\s+${escape(audMoney(completed.total_cents))}`));
    },
    JOURNEY_MS,
  );
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
