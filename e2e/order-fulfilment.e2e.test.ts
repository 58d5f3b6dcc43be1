import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { ApiSession } from './catalogue-helpers.ts';
import { audMoney, pdfText } from './order-documents.ts';

// Issue 10: an order from placed to completed on the merchant's side — a line changed while it is
// being packed, shipped, completed — and its tax invoice as the customer would print it.

const JOURNEY_MS = 120_000;

const journey = useJourney({ pagePerTest: false });

type OrderView = {
  id: string;
  number: number;
  status: string;
  version: number;
  total_cents: number;
  gst_cents: number;
  customer: { name: string };
  lines: { product_id: string; name: string; quantity: number }[];
  history: { kind: string; details: Record<string, unknown> }[];
};

describe('fulfilling an order', () => {
  it(
    'edits a line of a processing order, ships and completes it, and its tax invoice shows the new total',
    async () => {
      const { server } = journey;
      const merchant = await ApiSession.signIn(server.url, 'merchant@demo.test');
      const merchantId = await merchant.organisationId('Harbourside Wholesale');
      // One of the demo's orders still being packed.
      const processing = await merchant.get<{ items: { id: string }[] }>(
        `/orders/organisation/${merchantId}?status=PROCESSING&limit=1`,
        merchantId,
      );
      const orderId = processing.items[0]!.id;
      const before = await merchant.get<OrderView>(`/orders/${orderId}`);
      const line = before.lines[0]!;

      const call = async (method: 'PUT' | 'PATCH', path: string, body: unknown) => {
        const response = await merchant.send(method, path, { body });
        expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
        return (await response.json()) as OrderView;
      };
      const edited = await call('PUT', `/orders/${orderId}/product/${line.product_id}`, {
        version: before.version,
        quantity: line.quantity + 1,
      });
      expect(edited.total_cents).toBeGreaterThan(before.total_cents);
      const shipped = await call('PATCH', `/orders/${orderId}`, {
        version: edited.version,
        status: 'SHIPPED',
      });
      const completed = await call('PATCH', `/orders/${orderId}`, {
        version: shipped.version,
        status: 'COMPLETED',
      });
      expect(completed.status).toBe('COMPLETED');
      expect(completed.history.map((event) => event.kind)).toEqual(
        expect.arrayContaining(['PLACED', 'LINE_CHANGED', 'STATUS_CHANGED']),
      );

      const pdf = await merchant.send('POST', `/orders/organisation/${merchantId}/bulk-pdf/type/invoice`, {
        organisationId: merchantId,
        body: { order_ids: [orderId] },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
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
