import type {
  AccountingDocuments,
  BooksDocument,
  BooksLine,
  BooksRecord,
  BooksWrite,
} from '../accounting-provider.ts';
import type { XeroApi, XeroCall } from './xero-api.ts';

// Writing a merchant's sales into its Xero organisation (developer.xero.com/documentation/api/
// accounting/invoices, /payments, /creditnotes): approved (AUTHORISED) ACCREC invoices and
// ACCRECCREDIT credit notes in our numbers, with each line's tax as Tradeport worked it out (Xero
// accepts a line's TaxAmount within its rounding), payments into the mapped bank accounts, and
// credit note allocations. Every write carries its Idempotency-Key, so a retried call answers
// what the first one made instead of making it twice.

const dollars = (cents: number) => cents / 100;
const cents = (amount: number) => Math.round(amount * 100);

type XeroDocumentAnswer = { InvoiceID?: string; CreditNoteID?: string; Total: number };

const xeroCall = (call: BooksWrite): XeroCall => ({
  accessToken: call.accessToken,
  tenantId: call.tenantId,
  idempotencyKey: call.idempotencyKey,
});

function xeroLine(line: BooksLine) {
  return {
    Description: line.description,
    Quantity: line.quantity,
    UnitAmount: dollars(line.unitAmountCents),
    TaxAmount: dollars(line.taxCents),
    AccountCode: line.accountCode,
    TaxType: line.taxId,
    ...(line.itemCode ? { ItemCode: line.itemCode } : {}),
  };
}

function xeroDocument(document: BooksDocument) {
  return {
    Contact: { ContactID: document.contactId },
    Date: document.issuedOn,
    ...(document.dueOn ? { DueDate: document.dueOn } : {}),
    Reference: document.reference ?? '',
    LineAmountTypes: document.amounts === 'EXCLUSIVE' ? 'Exclusive' : 'Inclusive',
    CurrencyCode: 'AUD',
    Status: 'AUTHORISED',
    LineItems: document.lines.map(xeroLine),
  };
}

const recordOf = (answer: XeroDocumentAnswer | undefined, id: 'InvoiceID' | 'CreditNoteID'): BooksRecord => {
  const found = answer?.[id];
  if (!answer || !found) throw new Error(`Xero answered no ${id}`);
  return { id: found, totalCents: cents(answer.Total) };
};

export function createXeroDocuments(api: XeroApi): AccountingDocuments {
  return {
    async createInvoice(call, invoice) {
      const { Invoices } = await api.request<{ Invoices: XeroDocumentAnswer[] }>(
        xeroCall(call),
        'PUT',
        'Invoices',
        { Invoices: [{ Type: 'ACCREC', InvoiceNumber: invoice.number, ...xeroDocument(invoice) }] },
      );
      return recordOf(Invoices[0], 'InvoiceID');
    },

    async updateInvoice(call, invoiceId, invoice) {
      const { Invoices } = await api.request<{ Invoices: XeroDocumentAnswer[] }>(
        xeroCall(call),
        'POST',
        `Invoices/${encodeURIComponent(invoiceId)}`,
        { Invoices: [{ InvoiceID: invoiceId, InvoiceNumber: invoice.number, ...xeroDocument(invoice) }] },
      );
      return recordOf(Invoices[0], 'InvoiceID');
    },

    async voidInvoice(call, invoiceId) {
      await api.request(xeroCall(call), 'POST', `Invoices/${encodeURIComponent(invoiceId)}`, {
        Invoices: [{ InvoiceID: invoiceId, Status: 'VOIDED' }],
      });
    },

    async createPayment(call, payment) {
      const { Payments } = await api.request<{ Payments: { PaymentID: string }[] }>(
        xeroCall(call),
        'PUT',
        'Payments',
        {
          Payments: [
            {
              Invoice: { InvoiceID: payment.invoiceId },
              Account: { Code: payment.accountCode },
              Amount: dollars(payment.amountCents),
              Date: payment.paidOn,
              Reference: payment.reference,
            },
          ],
        },
      );
      const id = Payments[0]?.PaymentID;
      if (!id) throw new Error('Xero answered no PaymentID');
      return { id };
    },

    async deletePayment(call, paymentId) {
      await api.request(xeroCall(call), 'POST', `Payments/${encodeURIComponent(paymentId)}`, {
        Payments: [{ Status: 'DELETED' }],
      });
    },

    async createCreditNote(call, note) {
      const { CreditNotes } = await api.request<{ CreditNotes: XeroDocumentAnswer[] }>(
        xeroCall(call),
        'PUT',
        'CreditNotes',
        {
          CreditNotes: [{ Type: 'ACCRECCREDIT', CreditNoteNumber: note.number, ...xeroDocument(note) }],
        },
      );
      return recordOf(CreditNotes[0], 'CreditNoteID');
    },

    async voidCreditNote(call, creditNoteId) {
      await api.request(xeroCall(call), 'POST', `CreditNotes/${encodeURIComponent(creditNoteId)}`, {
        CreditNotes: [{ CreditNoteID: creditNoteId, Status: 'VOIDED' }],
      });
    },

    async allocateCreditNote(call, allocation) {
      await api.request(
        xeroCall(call),
        'PUT',
        `CreditNotes/${encodeURIComponent(allocation.creditNoteId)}/Allocations`,
        {
          Allocations: [
            {
              Invoice: { InvoiceID: allocation.invoiceId },
              Amount: dollars(allocation.amountCents),
              Date: allocation.on,
            },
          ],
        },
      );
    },
  };
}
