import { describe, expect, it } from 'vitest';
import {
  BulkPdfInput,
  formatAbn,
  formatInvoiceNumber,
  isBuyerAbnRequired,
  MAX_BULK_PDF_ORDERS,
  orderDocumentFilename,
} from './order-documents.ts';

describe('formatInvoiceNumber', () => {
  it('writes INV- and at least six digits', () => {
    expect(formatInvoiceNumber(1)).toBe('INV-000001');
    expect(formatInvoiceNumber(123)).toBe('INV-000123');
    expect(formatInvoiceNumber(1_234_567)).toBe('INV-1234567');
  });
});

describe('isBuyerAbnRequired', () => {
  it('is required from a total of $1,000.00 inc GST, not below', () => {
    expect(isBuyerAbnRequired({ totalCents: 99_999 })).toBe(false);
    expect(isBuyerAbnRequired({ totalCents: 100_000 })).toBe(true);
    expect(isBuyerAbnRequired({ totalCents: 250_000 })).toBe(true);
    expect(isBuyerAbnRequired({ totalCents: 0 })).toBe(false);
  });
});

describe('formatAbn', () => {
  it('groups 11 digits as the ATO does and leaves anything else alone', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn('51 824 753 556')).toBe('51 824 753 556');
    expect(formatAbn('1234')).toBe('1234');
  });
});

describe('BulkPdfInput', () => {
  const id = '6f1c1f56-4f8e-4d67-9d0e-3f1f7f0f3b10';
  it('takes 1 to 1,000 order ids, read in lower case', () => {
    expect(BulkPdfInput.parse({ order_ids: [id.toUpperCase()] })).toEqual({ order_ids: [id] });
    expect(BulkPdfInput.safeParse({ order_ids: [] }).success).toBe(false);
    expect(BulkPdfInput.safeParse({ order_ids: Array(MAX_BULK_PDF_ORDERS).fill(id) }).success).toBe(true);
    expect(BulkPdfInput.safeParse({ order_ids: Array(MAX_BULK_PDF_ORDERS + 1).fill(id) }).success).toBe(
      false,
    );
    expect(BulkPdfInput.safeParse({ order_ids: ['nope'] }).success).toBe(false);
  });

  it('names the file by what it holds', () => {
    expect(orderDocumentFilename('invoice')).toBe('tax-invoices.pdf');
    expect(orderDocumentFilename('packing-slip')).toBe('packing-slips.pdf');
  });
});
