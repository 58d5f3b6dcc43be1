import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/pdf/testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';
import { createOrderDocuments } from './order-documents.service.ts';
import {
  createPricedTestOrder,
  setOrganisationDetails,
  type PricedTestOrderLine,
} from './order-documents.testing.ts';

let t: TestApp;
const { api, newMerchant, memberOf, addCustomer } = customerTestKit(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A merchant with its tax details, a customer with one person, and that customer's account. */
async function trade(title: string) {
  const { merchant, admin, base } = await newMerchant(title);
  await setOrganisationDetails(db(), merchant.id, {
    abn: '51824753556',
    addressLine1: '12 Wharf Street',
    suburb: 'Pyrmont',
    state: 'NSW',
    postcode: '2009',
    contactEmail: 'accounts@harbour.test',
    phone: '02 9000 0000',
    timeZone: 'Australia/Sydney',
  });
  const customer = await addCustomer(base, admin.headers, { title: `${title} Café` });
  const person = await memberOf(customer.organisation_id, 'Admin');
  const order = (
    lines: PricedTestOrderLine[],
    overrides: Partial<Parameters<typeof createPricedTestOrder>[1]> = {},
  ) =>
    createPricedTestOrder(db(), {
      merchantId: merchant.id,
      customerAccountId: customer.id,
      customerName: `${title} Café`,
      customerAbn: '12345678901',
      lines,
      ...overrides,
    });
  return { merchant, admin, customer, person, order };
}

async function download(options: {
  organisationId: string;
  headers: Headers;
  orderIds: string[];
  type?: string;
}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/organisation/${options.organisationId}/bulk-pdf/type/${options.type ?? 'invoice'}`,
    headers: options.headers,
    payload: { order_ids: options.orderIds },
  });
}

async function textOf(response: Awaited<ReturnType<typeof download>>) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(response.rawPayload);
}

describe('POST /orders/organisation/{id}/bulk-pdf/type/invoice', () => {
  it('is a valid Australian tax invoice, printed from the stored order', async () => {
    const a = await trade('Harbour Foods');
    const order = await a.order(
      [
        {
          name: 'Espresso beans 1kg',
          sku: 'BEAN-1',
          quantity: 3,
          unitPriceCents: 2_450,
          unitAbbreviation: 'kg',
        },
        {
          name: 'Oat milk',
          sku: 'OAT-12',
          quantity: 2,
          unitPriceCents: 3_600,
          gstRateBasisPoints: 0,
          unitName: 'Carton',
        },
      ],
      {
        deliveryFeeCents: 1_500,
        // 01:30 on the 24th in Sydney, still the 23rd in UTC: the issue date is the merchant's day.
        placedAt: new Date('2026-11-23T14:30:00Z'),
        dueDate: '2026-12-08',
        paymentTermsDays: 14,
        purchaseOrderNumber: 'PO-7781',
        notes: 'Leave at the back door',
        deliveryAddress: '3 Cove Lane, Balmain NSW 2041',
        shippingMethodName: 'Weekday delivery',
        shippingMethodKind: 'DELIVERY',
        deliveryDate: '2026-11-26',
      },
    );
    const response = await download({
      organisationId: a.merchant.id,
      headers: a.admin.headers,
      orderIds: [order.id],
    });
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tax-invoices.pdf"');
    const text = await textOf(response);

    expect(text).toContain('Tax invoice');
    expect(text).toContain('Harbour Foods');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('12 Wharf Street');
    expect(text).toMatch(/Invoice number\s+INV-\d{6}/);
    expect(text).toContain(`INV-${String(order.invoiceNumber).padStart(6, '0')}`);
    expect(text).toMatch(new RegExp(`Order number\\s+${order.number}\\b`));
    expect(text).toMatch(/Issue date\s+24\/11\/2026/);
    expect(text).toMatch(/Due date\s+08\/12\/2026/);
    expect(text).toMatch(/PO number\s+PO-7781/);
    expect(text).toContain('Harbour Foods Café');
    expect(text).toContain('Prices are ex GST');
    // Lines: description with SKU, quantity with unit, unit price ex GST, GST, amount ex GST.
    expect(text).toMatch(/Espresso beans 1kg\s+3 kg\s+\$24\.50\s+\$7\.35\s+\$73\.50/);
    expect(text).toContain('SKU BEAN-1');
    expect(text).toMatch(/Oat milk\s+2 Carton\s+\$36\.00\s+\$0\.00\s+\$72\.00/);
    expect(text).toContain('GST-free');
    // Stored totals: 145.50 + 15.00 delivery + GST 7.35 + 1.50 = 169.35.
    expect(text).toMatch(/Subtotal ex GST\s+\$145\.50/);
    expect(text).toMatch(/Delivery ex GST \(Weekday delivery\)\s+\$15\.00/);
    expect(text).toMatch(/GST\s+\$8\.85/);
    expect(text).toMatch(/Total payable inc GST\s+\$169\.35/);
    expect(order.totalCents).toBe(16_935);
    expect(text).toContain('Payment terms: 14 days. Please pay by 08/12/2026.');
    expect(text).toContain('Leave at the back door');
    expect(text).toContain('Weekday delivery on 26/11/2026');
    expect(text).toMatch(/Page 1 of 1/);
  });

  it('says how to pay by bank transfer once the merchant has a bank account, quoting the invoice number', async () => {
    const a = await trade('Transfer Traders');
    const order = await a.order([{ quantity: 1, unitPriceCents: 2_000 }]);
    const print = async (type = 'invoice') =>
      textOf(
        await download({
          organisationId: a.merchant.id,
          headers: a.admin.headers,
          orderIds: [order.id],
          type,
        }),
      );
    const without = await print();
    expect(without).not.toContain('How to pay');
    expect(without).not.toContain('BSB');

    await setOrganisationDetails(db(), a.merchant.id, {
      bankAccountName: 'Transfer Traders Pty Ltd',
      bankBsb: '062000',
      bankAccountNumber: '12345678',
    });
    const text = await print();
    expect(text).toContain('How to pay');
    expect(text).toContain('Pay by bank transfer');
    expect(text).toMatch(/Account name:\s+Transfer Traders Pty Ltd/);
    expect(text).toMatch(/BSB:\s+062-000/);
    expect(text).toMatch(/Account number:\s+12345678/);
    expect(text).toContain(`Reference: INV-${String(order.invoiceNumber).padStart(6, '0')}`);
    // The slip travels with the goods: no payment details on it.
    const slip = await print('packing-slip');
    expect(slip).not.toContain('How to pay');
    expect(slip).not.toContain('062-000');
  });

  it('shows the customer’s ABN from a total of $1,000.00, not at $999.99', async () => {
    const a = await trade('Threshold Traders');
    // 909.08 + 10 % GST = 999.99; 909.09 + GST = 1,000.00.
    const below = await a.order([{ quantity: 1, unitPriceCents: 90_908 }]);
    const at = await a.order([{ quantity: 1, unitPriceCents: 90_909 }]);
    expect([below.totalCents, at.totalCents]).toEqual([99_999, 100_000]);

    const belowText = await textOf(
      await download({ organisationId: a.merchant.id, headers: a.admin.headers, orderIds: [below.id] }),
    );
    const atText = await textOf(
      await download({ organisationId: a.merchant.id, headers: a.admin.headers, orderIds: [at.id] }),
    );
    expect(belowText).toMatch(/Total payable inc GST\s+\$999\.99/);
    expect(belowText).not.toContain('12 345 678 901');
    expect(atText).toMatch(/Total payable inc GST\s+\$1,000\.00/);
    expect(atText).toContain('ABN 12 345 678 901');
  });

  it('flows many lines onto further pages, repeating the table header, numbered per invoice', async () => {
    const a = await trade('Long List Wholesale');
    const lines = Array.from({ length: 70 }, (_, i) => ({
      name: `Item number ${i + 1}`,
      sku: `LONG-${i + 1}`,
      quantity: 1,
      unitPriceCents: 100,
    }));
    const long = await a.order(lines);
    const short = await a.order([{ name: 'Single thing', quantity: 1, unitPriceCents: 500 }]);
    const text = await textOf(
      await download({
        organisationId: a.merchant.id,
        headers: a.admin.headers,
        orderIds: [short.id, long.id],
      }),
    );
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    const invoiceNumber = `INV-${String(long.invoiceNumber).padStart(6, '0')}`;
    const longPages = pages.filter((page) => page.includes(invoiceNumber));
    expect(longPages.length).toBeGreaterThanOrEqual(2);
    for (const [i, page] of longPages.entries()) {
      expect(page).toContain('Description');
      expect(page).toContain(`Page ${i + 1} of ${longPages.length}`);
    }
    expect(longPages[1]).toContain(`Tax invoice ${invoiceNumber} (continued)`);
    expect(longPages.at(-1)).toContain('Item number 70');
    expect(longPages.at(-1)).toMatch(/Total payable inc GST\s+\$77\.00/);
    // Oldest placed first: the long order was placed before the short one.
    expect(text.indexOf(invoiceNumber)).toBeLessThan(
      text.indexOf(`INV-${String(short.invoiceNumber).padStart(6, '0')}`),
    );
    expect(pages.at(-1)).toContain('Page 1 of 1');
  });

  it('draws every chosen order once, batch after batch, ties in placing time included', async () => {
    const a = await trade('Batch Brewers');
    const placedAt = new Date('2026-11-20T00:00:00Z');
    const made = [];
    for (let i = 0; i < 5; i += 1)
      made.push(await a.order([{ quantity: 1, unitPriceCents: 100 + i }], { placedAt }));
    const later = await a.order([{ quantity: 1, unitPriceCents: 999 }], {
      placedAt: new Date('2026-11-21T00:00:00Z'),
    });
    const unchosen = await a.order([{ quantity: 1, unitPriceCents: 555 }], { placedAt });
    // Batches of two: the keyset (placed_at, id) has to step through equal placing times.
    const documents = createOrderDocuments(t, { batchSize: 2 });
    const chunks: Buffer[] = [];
    const stream = await documents.streamBulk({
      organisation: { id: a.merchant.id, kind: 'MERCHANT' },
      type: 'invoice',
      orderIds: [later.id, ...made.map((order) => order.id), made[0]!.id],
    });
    for await (const chunk of stream) chunks.push(chunk);
    const text = await pdfText(Buffer.concat(chunks));

    const printed = [...text.matchAll(/Invoice number\s+(INV-\d+)/g)].map((match) => match[1]);
    const expected = [...[...made].sort((x, y) => (x.id < y.id ? -1 : 1)), later].map(
      (order) => `INV-${String(order.invoiceNumber).padStart(6, '0')}`,
    );
    expect(printed).toEqual(expected);
    expect(text).not.toContain(`INV-${String(unchosen.invoiceNumber).padStart(6, '0')}`);
  });

  it('answers 404 and no PDF when any id is not one of the organisation’s orders', async () => {
    const a = await trade('Tenant A Foods');
    const b = await trade('Tenant B Foods');
    const ownOrder = await a.order([{ quantity: 1, unitPriceCents: 100 }]);
    const otherOrder = await b.order([{ quantity: 1, unitPriceCents: 100 }]);

    for (const orderIds of [[otherOrder.id], [ownOrder.id, otherOrder.id]]) {
      const response = await download({ organisationId: a.merchant.id, headers: a.admin.headers, orderIds });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ error_code: 'NOT_FOUND' });
    }
    // Merchant B's member naming merchant A as the organisation: not a member there.
    const foreign = await download({
      organisationId: a.merchant.id,
      headers: b.admin.headers,
      orderIds: [ownOrder.id],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets a customer download its own invoices with its own organisation id, and only those', async () => {
    const a = await trade('Portal Produce');
    const own = await a.order([{ name: 'Sourdough', quantity: 2, unitPriceCents: 750 }]);
    const otherCustomer = await addCustomer(`/organisations/${a.merchant.id}/customers`, a.admin.headers, {
      title: 'Somebody Else',
    });
    const theirs = await createPricedTestOrder(db(), {
      merchantId: a.merchant.id,
      customerAccountId: otherCustomer.id,
      customerName: 'Somebody Else',
      lines: [{ quantity: 1, unitPriceCents: 100 }],
    });

    const text = await textOf(
      await download({
        organisationId: a.customer.organisation_id,
        headers: a.person.headers,
        orderIds: [own.id],
      }),
    );
    expect(text).toContain('Tax invoice');
    expect(text).toContain('Sourdough');

    const refused = await download({
      organisationId: a.customer.organisation_id,
      headers: a.person.headers,
      orderIds: [theirs.id],
    });
    expect(refused.statusCode).toBe(404);
    // Through the merchant's id the customer is no member: 404 as well.
    const viaMerchant = await download({
      organisationId: a.merchant.id,
      headers: a.person.headers,
      orderIds: [own.id],
    });
    expect(viaMerchant.statusCode).toBe(404);
  });

  it('refuses an empty, oversized or unknown-type request with 400', async () => {
    const a = await trade('Validation Vendors');
    const order = await a.order([{ quantity: 1, unitPriceCents: 100 }]);
    const empty = await download({ organisationId: a.merchant.id, headers: a.admin.headers, orderIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_code).toBe('VALIDATION_ERROR');
    const tooMany = await download({
      organisationId: a.merchant.id,
      headers: a.admin.headers,
      orderIds: Array.from({ length: 1_001 }, () => order.id),
    });
    expect(tooMany.statusCode).toBe(400);
    const unknownType = await download({
      organisationId: a.merchant.id,
      headers: a.admin.headers,
      orderIds: [order.id],
      type: 'receipt',
    });
    expect(unknownType.statusCode).toBe(400);
    const unauthenticated = await download({
      organisationId: a.merchant.id,
      headers: {},
      orderIds: [order.id],
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('is described in OpenAPI as a PDF', async () => {
    const described = (await api('GET', '/openapi.json')).json();
    const success =
      described.paths['/api/v1/orders/organisation/{id}/bulk-pdf/type/{type}'].post.responses['200'];
    expect(Object.keys(success.content)).toEqual(['application/pdf']);
    expect(success.content['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' });
  });
});

describe('POST /orders/organisation/{id}/bulk-pdf/type/packing-slip', () => {
  it('lists what to pack and where it goes, with no prices', async () => {
    const a = await trade('Packing Partners');
    const order = await a.order(
      [
        { name: 'Flat white cups', sku: 'CUP-8', quantity: 4, unitPriceCents: 4_200, unitName: 'Sleeve' },
        { name: 'Raw sugar', sku: 'SUG-1', quantity: 10, unitPriceCents: 350, unitAbbreviation: 'kg' },
      ],
      {
        deliveryFeeCents: 2_000,
        deliveryAddress: '3 Cove Lane, Balmain NSW 2041',
        shippingMethodName: 'Weekday delivery',
        shippingMethodKind: 'DELIVERY',
        deliveryDate: '2026-11-26',
        notes: 'Back door, ring twice',
        purchaseOrderNumber: 'PO-42',
      },
    );
    const response = await download({
      organisationId: a.merchant.id,
      headers: a.admin.headers,
      orderIds: [order.id],
      type: 'packing-slip',
    });
    expect(response.headers['content-disposition']).toBe('attachment; filename="packing-slips.pdf"');
    const text = await textOf(response);
    expect(text).toContain('Packing slip');
    expect(text).toContain(String(order.number));
    expect(text).toContain('Packing Partners Café');
    expect(text).toContain('3 Cove Lane, Balmain NSW 2041');
    expect(text).toContain('Weekday delivery');
    expect(text).toContain('26/11/2026');
    expect(text).toContain('Back door, ring twice');
    expect(text).toContain('PO-42');
    expect(text).toMatch(/Flat white cups\s+CUP-8\s+4\s+Sleeve/);
    expect(text).toMatch(/Raw sugar\s+SUG-1\s+10\s+kg/);
    expect(text).not.toContain('$');
    expect(text).not.toContain('GST');
  });
});
