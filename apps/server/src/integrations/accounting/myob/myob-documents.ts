import type {
  AccountingDocuments,
  BooksCall,
  BooksDocument,
  BooksRecord,
  BooksWrite,
} from '../accounting-provider.ts';
import { type MyobApi, type MyobRef, myobDate, odataString } from './myob-api.ts';
import { accountUids } from './myob-books.ts';

// Writing a merchant's sales into its MYOB company file (developer.myob.com/api/myob-business-api/
// v2/sale/invoice/invoice_service, …/sale/customerpayment, …/sale/creditsettlement):
// - Invoices are Service-layout sales in our numbers: one line per Tradeport line, its Total the
//   quantity times the unit amount (the quantity is written into the description when it is not
//   1, as the Service layout has none; an item's code is not linked, its name is in the
//   description). MYOB works each line's tax out from its TaxCode; the total it answers is
//   returned for the sync to check against ours.
// - A credit note is MYOB's "credit": the same sale with negative line totals. It is applied to
//   an invoice with a CreditSettlement.
// - MYOB cannot void a sale: voiding an invoice or a credit deletes it (refused while payments or
//   settlements are applied). Deleting a payment deletes the CustomerPayment.
// - MYOB has no idempotency keys. A create first looks for what an earlier attempt made: a sale by
//   its Number (ours), a payment or a settlement by its Memo, which carries the idempotency key.
//   A retry after a lost answer therefore finds the first record instead of making a second.
// - MYOB's invoice Number is at most 13 characters; a longer one is refused by MYOB.

const SALE = 'Sale/Invoice/Service';
const dollars = (cents: number) => cents / 100;
const cents = (amount: number) => Math.round(amount * 100);

type MyobSale = {
  UID: string;
  Number: string;
  Customer: MyobRef;
  TotalAmount: number;
  RowVersion: string;
};
type MyobMemoRecord = { UID: string; Memo?: string | null };

/** Our words for what a write is, with its idempotency key: how a retry finds it again. */
const memoOf = (what: string, key: string) => `${what} [${key}]`.slice(0, 255);

/** The sale MYOB holds for a document, signed: an invoice's lines positive, a credit's negative. */
async function myobSale(api: MyobApi, call: BooksCall, document: BooksDocument, sign: 1 | -1) {
  const accounts = await accountUids(
    api,
    call,
    document.lines.map((line) => line.accountCode),
  );
  const days = document.dueOn
    ? Math.round((Date.parse(document.dueOn) - Date.parse(document.issuedOn)) / 86_400_000)
    : null;
  return {
    Number: document.number,
    Date: myobDate(document.issuedOn),
    Customer: { UID: document.contactId },
    IsTaxInclusive: document.amounts === 'INCLUSIVE',
    ...(document.reference ? { CustomerPurchaseOrderNumber: document.reference.slice(0, 20) } : {}),
    JournalMemo: `Sale; ${document.number}`,
    ...(days !== null && days >= 0
      ? { Terms: { PaymentIsDue: 'InAGivenNumberOfDays', BalanceDueDate: days } }
      : {}),
    Lines: document.lines.map((line) => ({
      Type: 'Transaction',
      Description: line.quantity === 1 ? line.description : `${line.quantity} × ${line.description}`,
      Total: sign * dollars(Math.round(line.quantity * line.unitAmountCents)),
      Account: { UID: accounts.get(line.accountCode)! },
      TaxCode: { UID: line.taxId },
    })),
  };
}

async function readSale(api: MyobApi, call: BooksCall, uid: string): Promise<MyobSale> {
  return api.get<MyobSale>(call, `${SALE}/${encodeURIComponent(uid)}`);
}

const recordOf = (sale: MyobSale, sign: 1 | -1): BooksRecord => ({
  id: sale.UID,
  totalCents: sign * cents(sale.TotalAmount),
});

async function createSale(api: MyobApi, call: BooksWrite, document: BooksDocument, sign: 1 | -1) {
  const [found] = await api.find<MyobSale>(
    call,
    'Sale/Invoice',
    `Number eq ${odataString(document.number)}`,
    1,
  );
  if (found) return recordOf(await readSale(api, call, found.UID), sign);
  const uid = await api.create(call, SALE, await myobSale(api, call, document, sign));
  return recordOf(await readSale(api, call, uid), sign);
}

/** A payment or settlement an earlier attempt with this idempotency key made, if any. */
async function findByMemo(api: MyobApi, call: BooksCall, path: string, memo: string) {
  const [found] = await api.find<MyobMemoRecord>(call, path, `Memo eq ${odataString(memo)}`, 1);
  return found?.UID ?? null;
}

export function createMyobDocuments(api: MyobApi): AccountingDocuments {
  return {
    createInvoice: (call, invoice) => createSale(api, call, invoice, 1),

    async updateInvoice(call, invoiceId, invoice) {
      const current = await readSale(api, call, invoiceId);
      await api.update(call, `${SALE}/${encodeURIComponent(invoiceId)}`, {
        UID: invoiceId,
        RowVersion: current.RowVersion,
        ...(await myobSale(api, call, invoice, 1)),
      });
      return recordOf(await readSale(api, call, invoiceId), 1);
    },

    voidInvoice: (call, invoiceId) => api.remove(call, `${SALE}/${encodeURIComponent(invoiceId)}`),

    async createPayment(call, payment) {
      const memo = memoOf(`Payment ${payment.reference}`, call.idempotencyKey);
      const found = await findByMemo(api, call, 'Sale/CustomerPayment', memo);
      if (found) return { id: found };
      const invoice = await readSale(api, call, payment.invoiceId);
      const accounts = await accountUids(api, call, [payment.accountCode]);
      const id = await api.create(call, 'Sale/CustomerPayment', {
        DepositTo: 'Account',
        Account: { UID: accounts.get(payment.accountCode)! },
        Customer: { UID: invoice.Customer.UID },
        Date: myobDate(payment.paidOn),
        AmountReceived: dollars(payment.amountCents),
        Memo: memo,
        Invoices: [{ UID: payment.invoiceId, AmountApplied: dollars(payment.amountCents), Type: 'Invoice' }],
      });
      return { id };
    },

    deletePayment: (call, paymentId) =>
      api.remove(call, `Sale/CustomerPayment/${encodeURIComponent(paymentId)}`),

    createCreditNote: (call, note) => createSale(api, call, note, -1),

    voidCreditNote: (call, creditNoteId) => api.remove(call, `${SALE}/${encodeURIComponent(creditNoteId)}`),

    async allocateCreditNote(call, allocation) {
      const memo = memoOf('Credit applied', call.idempotencyKey);
      if (await findByMemo(api, call, 'Sale/CreditSettlement', memo)) return;
      const credit = await readSale(api, call, allocation.creditNoteId);
      await api.create(call, 'Sale/CreditSettlement', {
        CreditFromInvoice: { UID: allocation.creditNoteId },
        Customer: { UID: credit.Customer.UID },
        Date: myobDate(allocation.on),
        Memo: memo,
        Invoices: [
          { UID: allocation.invoiceId, AmountApplied: dollars(allocation.amountCents), Type: 'Invoice' },
        ],
      });
    },
  };
}
