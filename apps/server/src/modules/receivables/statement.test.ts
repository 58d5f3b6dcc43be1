import type { CustomerAccountBalance } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/pdf/testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { setOrganisationDetails } from '../order-documents/order-documents.testing.ts';
import {
  applyCredit,
  insertCredit,
  insertPayment,
  NOW,
  receivablesKit,
  refundPayment,
} from './receivables.testing.ts';

// A customer's statement for a period: opening balance, each invoice, payment, refund and credit
// in date order with a running balance, closing balance — read back from the PDF with pdftotext.

let t: TestApp;
const { api, merchantWithCustomers } = receivablesKit(() => t);
let shop: Awaited<ReturnType<typeof merchantWithCustomers>>;
const invoices: Record<string, string> = {};

/** Noon in Sydney on a day of 2026 (AEDT until 5 April). */
const noon = (day: string) => new Date(`${day}T01:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  shop = await merchantWithCustomers();
  const { cafe, bistro, merchant, order } = shop;
  await setOrganisationDetails(t.database.db, merchant.id, {
    abn: '51824753556',
    addressLine1: '1 Wharf Rd',
  });
  const account = { merchantId: merchant.id, customerAccountId: cafe.id };
  const place = async (name: string, placedAt: Date, exGstCents: number, status?: 'CANCELLED') => {
    const placed = await order(cafe, { dueDate: '2026-04-04', exGstCents, placedAt, status });
    invoices[name] = `INV-${String(placed.invoiceNumber).padStart(6, '0')}`;
    return placed;
  };

  // Before March: invoiced 220.00, paid 100.00, credited 15.00 → opening balance 105.00.
  const february = await place('february', noon('2026-02-10'), 20_000);
  await insertPayment(t, {
    ...account,
    amountCents: 10_000,
    paidOn: '2026-02-20',
    allocations: [{ orderId: february.id, amountCents: 10_000 }],
    createdAt: noon('2026-02-20'),
  });
  await insertCredit(t, { ...account, amountCents: 1_500, createdAt: noon('2026-02-25') });

  // March. 1 March 01:00 in Sydney is still February in UTC: the merchant's day counts.
  await place('firstOfMarch', new Date('2026-02-28T14:00:00Z'), 1_000); // 11.00
  const march = await place('march', noon('2026-03-05'), 30_000); // 330.00
  await place('cancelled', noon('2026-03-08'), 5_000, 'CANCELLED');
  const voided = await insertCredit(t, {
    ...account,
    amountCents: 700,
    createdAt: noon('2026-03-02'),
    voidedAt: noon('2026-03-20'),
  });
  // Voided untouched (the ledger's rule), it has nothing left: its 7.00 leaves the balance.
  expect([voided.amountCents, voided.remainingCents]).toEqual([700, 0]);
  const transfer = await insertPayment(t, {
    ...account,
    amountCents: 20_000,
    paidOn: '2026-03-10',
    reference: 'EFT-778',
    allocations: [
      { orderId: february.id, amountCents: 12_000 },
      { orderId: march.id, amountCents: 8_000 },
    ],
    createdAt: noon('2026-03-10'),
  });
  await refundPayment(t, { paymentId: transfer.id, amountCents: 2_000, at: noon('2026-03-12') });
  const adjustment = await insertCredit(t, {
    ...account,
    amountCents: 1_100,
    source: 'ORDER_ADJUSTMENT',
    reason: 'Short-supplied milk',
    createdAt: noon('2026-03-15'),
  });
  await applyCredit(t, {
    ...account,
    creditId: adjustment.id,
    orderId: march.id,
    amountCents: 500,
    paidOn: '2026-03-16',
  });
  await insertPayment(t, { ...account, amountCents: 4_321, paidOn: '2026-03-18', state: 'VOIDED' });
  // 50.00 paid, 30.00 of it to the order: the ledger makes 20.00 overpayment credit (already in
  // the payment, so not a line of its own).
  await insertPayment(t, {
    ...account,
    amountCents: 5_000,
    paidOn: '2026-03-25',
    method: 'CASH',
    allocations: [{ orderId: march.id, amountCents: 3_000 }],
    createdAt: noon('2026-03-25'),
  });

  // The bistro only has credit: its balance is in its favour.
  await insertCredit(t, { merchantId: merchant.id, customerAccountId: bistro.id, amountCents: 5_000 });
});
afterAll(() => t.close());

const statementUrl = (customerOrganisationId: string, query = '') =>
  `/payments/organisation/${shop.merchant.id}/customers/${customerOrganisationId}/statement${query}`;

async function statement(query: string, headers = shop.headers, customer = shop.cafe.organisation_id) {
  const response = await api('GET', statementUrl(customer, query), headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe('attachment; filename="statement.pdf"');
  return pdfText(response.rawPayload);
}

/** The statement's table rows: date, then the rest of the line, spaces squeezed. */
const rowsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim().replace(/\s{2,}/g, ' | '))
    .filter((line) => /^\d{2}\/\d{2}\/\d{4} \|/.test(line));

describe('customer statement', () => {
  it('lists the period in date order with a running balance from the opening to the closing balance', async () => {
    const text = await statement('?from=2026-03-01&to=2026-03-31');
    expect(text).toContain('Harbourside Wholesale');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toMatch(/Statement/);
    expect(text).toMatch(/Period\s+01\/03\/2026 – 31\/03\/2026/);
    expect(text).toMatch(/Account of\s*\n\s*Bean There Café/);
    expect(rowsOf(text)).toEqual([
      '01/03/2026 | Opening balance | $105.00',
      `01/03/2026 | Invoice ${invoices.firstOfMarch} | 04/04/2026 | $11.00 | $116.00`,
      '02/03/2026 | Credit note #2 | $7.00 | $109.00',
      `05/03/2026 | Invoice ${invoices.march} | 04/04/2026 | $330.00 | $439.00`,
      '10/03/2026 | Payment #2 | $200.00 | $239.00',
      '12/03/2026 | Refund of payment #2 | $20.00 | $259.00',
      '15/03/2026 | Adjustment note #3 | $11.00 | $248.00',
      '20/03/2026 | Credit #2 voided | $7.00 | $255.00',
      '25/03/2026 | Payment #5 | $50.00 | $205.00',
      '31/03/2026 | Closing balance | $205.00',
    ]);
    expect(text).toContain('Bank Transfer · Ref EFT-778');
    expect(text).toContain('Short-supplied milk');
    // Cancelled orders, voided payments and credit applied to orders move no balance.
    expect(text).not.toContain(invoices.cancelled);
    expect(text).not.toContain('43.21');
    expect(text).not.toContain('Payment #3');
    expect(text).toMatch(/Opening balance on 01\/03\/2026\s+\$105\.00/);
    expect(text).toMatch(/Invoices, refunds and credit voided\s+\$368\.00/);
    expect(text).toMatch(/Payments and credits\s+-\$268\.00/);
    expect(text).toMatch(/Closing balance on 31\/03\/2026\s+\$205\.00/);
  });

  it('closes today on what the customer owes less its unspent credit', async () => {
    const text = await statement('?period=THIS_MONTH');
    const closing = /Closing balance on 31\/03\/2026\s+\$([\d,.]+)/.exec(text)![1];
    const accounts = await api(
      'GET',
      `/payments/organisation/${shop.merchant.id}/customers?search=bean`,
      shop.headers,
    );
    const cafe = (accounts.json().items as CustomerAccountBalance[])[0]!;
    expect(cafe.balance_cents - cafe.available_credit_cents).toBe(20_500);
    expect(closing).toBe('205.00');
    // The period before ends where this one starts.
    const february = await statement('?period=LAST_MONTH');
    expect(february).toMatch(/Closing balance on 28\/02\/2026\s+\$105\.00/);
  });

  it('writes a balance in the customer’s favour as credit', async () => {
    const text = await statement('?period=THIS_YEAR', shop.headers, shop.bistro.organisation_id);
    expect(text).toMatch(/Closing balance on 31\/12\/2026\s+\$50\.00 CR/);
  });

  it('is for the merchant’s members and the customer’s own, nobody else', async () => {
    expect(await statement('', shop.staff.headers)).toContain('Bean There Café');
    expect(await statement('', shop.cafePerson.headers)).toContain('Closing balance');
    const bistro = await api('GET', statementUrl(shop.bistro.organisation_id), shop.cafePerson.headers);
    expect(bistro.statusCode).toBe(404);
    const other = await merchantWithCustomers('Another Wholesaler');
    expect((await api('GET', statementUrl(shop.cafe.organisation_id), other.headers)).statusCode).toBe(404);
    const foreign = `/payments/organisation/${other.merchant.id}/customers/${other.cafe.organisation_id}/statement`;
    expect((await api('GET', foreign, shop.headers)).statusCode).toBe(404);
    const half = await api('GET', statementUrl(shop.cafe.organisation_id, '?to=2026-03-01'), shop.headers);
    expect(half.statusCode).toBe(400);
    expect(half.json().details).toEqual([
      { path: 'querystring.from', message: 'Choose both the first and the last day' },
    ]);
  });
});
