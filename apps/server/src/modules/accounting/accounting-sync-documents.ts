import {
  ACCOUNTING_PROVIDER_NAMES,
  type AccountingMapping,
  type AccountingProvider,
  dateInZone,
  formatDollars,
  formatInvoiceNumber,
  GST_RATE_BASIS_POINTS,
} from '@tradeport/contract';
import type { BooksDocument, BooksLine } from '../../integrations/accounting/accounting-provider.ts';
import type { SyncCredit, SyncOrder } from './accounting-sync-sources.queries.ts';

// What Tradeport's records are in the books, worked out without touching them: an order's tax
// invoice line by line (each line's GST as the order has it, the delivery fee on its own line in
// the freight account), and a card surcharge as its own small invoice. Pure, so the rules are
// tested without a provider.

/** Nothing can be sent until the merchant has said where it goes; the message says what is missing. */
export class SyncNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncNotReadyError';
  }
}

/** The books' tax rate for a line charged at `rateBasisPoints`. */
export function taxIdFor(options: {
  rateBasisPoints: number;
  mapping: AccountingMapping;
  /** Linked tax rules' rates (basis points → the books' tax rate). */
  ruleTaxIds: ReadonlyMap<number, string>;
  provider: AccountingProvider;
}): string {
  const { mapping } = options;
  if (options.rateBasisPoints === 0 && mapping.gst_free_tax_id) return mapping.gst_free_tax_id;
  if (options.rateBasisPoints === GST_RATE_BASIS_POINTS && mapping.gst_tax_id) return mapping.gst_tax_id;
  const ruled = options.ruleTaxIds.get(options.rateBasisPoints);
  if (ruled) return ruled;
  throw new SyncNotReadyError(
    `A line is taxed at ${options.rateBasisPoints / 100} %: link the tax rule with that rate to a ${ACCOUNTING_PROVIDER_NAMES[options.provider]} tax rate in the settings, then retry.`,
  );
}

/** The sales account, which every invoice and credit note needs. */
function salesAccountOf(mapping: AccountingMapping): string {
  if (!mapping.sales_account_code) {
    throw new SyncNotReadyError('Choose the sales account in the settings, then retry.');
  }
  return mapping.sales_account_code;
}

/** A product's line as an order or an adjustment note charged it, in the sales account. */
function productLineOf(
  line: { name: string; sku: string | null; quantity: number; unitPriceCents: number; gstCents: number },
  options: { salesAccount: string; taxId: string; itemCode: string | null },
): BooksLine {
  return {
    description: line.sku ? `${line.name} (${line.sku})` : line.name,
    quantity: line.quantity,
    unitAmountCents: line.unitPriceCents,
    taxCents: line.gstCents,
    accountCode: options.salesAccount,
    taxId: options.taxId,
    itemCode: options.itemCode,
  };
}

export function invoiceOf(options: {
  order: SyncOrder;
  contactId: string;
  mapping: AccountingMapping;
  itemCodes: ReadonlyMap<string, string>;
  ruleTaxIds: ReadonlyMap<number, string>;
  provider: AccountingProvider;
}): BooksDocument {
  const { order, mapping } = options;
  const salesAccount = salesAccountOf(mapping);
  const taxId = (rateBasisPoints: number) =>
    taxIdFor({ ...options, rateBasisPoints: order.isTaxExempt ? 0 : rateBasisPoints });
  const lines = order.lines.map((line) =>
    productLineOf(line, {
      salesAccount,
      taxId: taxId(line.gstRateBasisPoints),
      itemCode: options.itemCodes.get(line.productId) ?? null,
    }),
  );
  if (order.deliveryFeeCents > 0) {
    // The fee's GST is what the order's GST holds beyond its lines'.
    const feeTaxCents = order.gstCents - order.lines.reduce((sum, line) => sum + line.gstCents, 0);
    lines.push({
      description: order.shippingMethodName ? `Delivery: ${order.shippingMethodName}` : 'Delivery',
      quantity: 1,
      unitAmountCents: order.deliveryFeeCents,
      taxCents: feeTaxCents,
      accountCode: mapping.freight_account_code ?? salesAccount,
      taxId: taxId(feeTaxCents > 0 ? GST_RATE_BASIS_POINTS : 0),
      itemCode: null,
    });
  }
  return {
    contactId: options.contactId,
    number: formatInvoiceNumber(order.invoiceNumber),
    reference: order.purchaseOrderNumber ?? `Order ${order.number}`,
    issuedOn: dateInZone(order.placedAt, order.timeZone),
    dueOn: order.dueDate,
    amounts: 'EXCLUSIVE',
    lines,
  };
}

/** A card surcharge's invoice number in the books, beside the payment's. */
export const surchargeInvoiceNumber = (paymentNumber: number) => `SUR-${paymentNumber}`;

/** A card surcharge, charged with GST included, as its own invoice, paid by the same payment. */
export function surchargeInvoiceOf(options: {
  payment: { number: number; surchargeCents: number; paidOn: string };
  contactId: string;
  mapping: AccountingMapping;
  provider: AccountingProvider;
}): BooksDocument {
  const { mapping } = options;
  if (!mapping.surcharge_account_code || !mapping.gst_tax_id) {
    throw new SyncNotReadyError(
      'This payment carries a card surcharge: choose the card surcharge account in the settings, then retry.',
    );
  }
  const cents = options.payment.surchargeCents;
  return {
    contactId: options.contactId,
    number: surchargeInvoiceNumber(options.payment.number),
    reference: `Card surcharge on payment #${options.payment.number}`,
    issuedOn: options.payment.paidOn,
    dueOn: options.payment.paidOn,
    amounts: 'INCLUSIVE',
    lines: [
      {
        description: `Card surcharge on payment #${options.payment.number} (${formatDollars(cents)})`,
        quantity: 1,
        unitAmountCents: cents,
        // GST is one eleventh of a GST-inclusive amount.
        taxCents: Math.round(cents / 11),
        accountCode: mapping.surcharge_account_code,
        taxId: mapping.gst_tax_id,
        itemCode: null,
      },
    ],
  };
}

/** A credit's number in the books (credit notes are numbered apart from invoices). */
export const creditNoteNumber = (creditNumber: number) => `CR-${creditNumber}`;

/**
 * A credit as a credit note: an adjustment note line by line (what was not supplied, at what it
 * was charged, with its GST); a manual credit as one line of its amount, which carries no GST.
 */
export function creditNoteOf(options: {
  credit: SyncCredit;
  contactId: string;
  mapping: AccountingMapping;
  itemCodes: ReadonlyMap<string, string>;
  ruleTaxIds: ReadonlyMap<number, string>;
  provider: AccountingProvider;
}): BooksDocument {
  const { credit, mapping } = options;
  const salesAccount = salesAccountOf(mapping);
  const base = {
    contactId: options.contactId,
    number: creditNoteNumber(credit.number),
    reference: credit.reason,
    issuedOn: dateInZone(credit.createdAt, credit.timeZone),
    dueOn: null,
  };
  if (credit.lines.length === 0) {
    return {
      ...base,
      amounts: 'INCLUSIVE',
      lines: [
        {
          description: credit.reason,
          quantity: 1,
          unitAmountCents: credit.amountCents,
          taxCents: credit.gstCents,
          accountCode: salesAccount,
          taxId: taxIdFor({ ...options, rateBasisPoints: credit.gstCents > 0 ? GST_RATE_BASIS_POINTS : 0 }),
          itemCode: null,
        },
      ],
    };
  }
  return {
    ...base,
    amounts: 'EXCLUSIVE',
    lines: credit.lines.map((line) =>
      productLineOf(line, {
        salesAccount,
        taxId: taxIdFor({ ...options, rateBasisPoints: line.gstCents === 0 ? 0 : line.gstRateBasisPoints }),
        itemCode: (line.productId && options.itemCodes.get(line.productId)) || null,
      }),
    ),
  };
}
