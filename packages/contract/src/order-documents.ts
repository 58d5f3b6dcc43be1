import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { RecordId } from './ids.ts';
import { OrganisationParams } from './organisations.ts';

// An order's printed documents: the tax invoice (customer and merchant) and the packing slip
// (the merchant's warehouse). Rules that decide what a document shows live here, once, so the
// PDF, the order screen and the mails agree.

const tags = ['orders'];

export const ORDER_DOCUMENT_TYPES = ['invoice', 'packing-slip'] as const;
export const OrderDocumentType = z.enum(ORDER_DOCUMENT_TYPES);
export type OrderDocumentType = z.infer<typeof OrderDocumentType>;

export const ORDER_DOCUMENT_LABELS: Record<OrderDocumentType, string> = {
  invoice: 'Tax invoice',
  'packing-slip': 'Packing slip',
};

/** Invoices per PDF: 1,000 fit one download and one print run. */
export const MAX_BULK_PDF_ORDERS = 1_000;

/** Digits an invoice number is padded to: `INV-000123`. Longer numbers are shown whole. */
const INVOICE_NUMBER_DIGITS = 6;

/** How an invoice number (orders.invoice_number, per merchant) is written everywhere. */
export function formatInvoiceNumber(invoiceNumber: number): string {
  return `INV-${String(invoiceNumber).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

/**
 * A tax invoice for a sale of $1,000 or more (inc. GST) must also identify the buyer by ABN
 * (ATO: "Tax invoices", buyer's identity or ABN); below that the buyer's name is enough.
 */
export const BUYER_ABN_THRESHOLD_CENTS = 100_000;

export function isBuyerAbnRequired(order: { totalCents: number }): boolean {
  return order.totalCents >= BUYER_ABN_THRESHOLD_CENTS;
}

/** An ABN as the ATO writes it: `51 824 753 556`. Anything not 11 digits is shown as stored. */
export function formatAbn(abn: string): string {
  const digits = abn.replace(/\s+/g, '');
  return /^\d{11}$/.test(digits)
    ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
    : abn;
}

/** The file a download of documents is saved as. */
export function orderDocumentFilename(type: OrderDocumentType): string {
  return type === 'invoice' ? 'tax-invoices.pdf' : 'packing-slips.pdf';
}

export const BulkPdfParams = OrganisationParams.extend({ type: OrderDocumentType });

export const BulkPdfInput = z.object({
  order_ids: z
    .array(RecordId('order'))
    .min(1, 'Choose at least one order')
    .max(MAX_BULK_PDF_ORDERS, `At most ${MAX_BULK_PDF_ORDERS.toLocaleString('en-AU')} orders at a time`),
});
export type BulkPdfInput = z.input<typeof BulkPdfInput>;

/** A PDF as the client receives it: the bytes, never text. */
export const PdfFile = z
  .custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, 'Expected a PDF file')
  .meta({ type: 'string', format: 'binary' });

export const bulkOrderPdf = defineEndpoint({
  method: 'POST',
  path: '/orders/organisation/{id}/bulk-pdf/type/{type}',
  summary: 'One PDF of the chosen orders’ tax invoices or packing slips',
  description:
    '`{id}` is the merchant (any of its orders) or a customer organisation (its own orders, with any merchant). ' +
    'Every id must be one of its orders, else 404 and no PDF. The PDF is streamed as it is made, one document ' +
    'after another in the order they were placed; an invoice is a tax invoice from the order as stored, a ' +
    'packing slip has no prices.',
  tags,
  auth: 'user',
  params: BulkPdfParams,
  body: BulkPdfInput,
  response: PdfFile,
  produces: 'application/pdf',
});
