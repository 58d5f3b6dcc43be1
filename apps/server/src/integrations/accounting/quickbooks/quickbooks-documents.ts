import type { AccountingDocuments, BooksRecord } from '../accounting-provider.ts';
import { type QuickBooksApi, requestIdOf } from './quickbooks-api.ts';
import { documentBodyOf } from './quickbooks-lines.ts';

// Writing a merchant's sales into its QuickBooks company (…/all-entities/invoice, /payment,
// /creditmemo): invoices and credit memos in our numbers, payments into the mapped deposit
// accounts, and a credit memo applied to an invoice (a Payment of 0 linking both, as QuickBooks
// records it). Updates, voids and deletes read the entity's SyncToken first, as QuickBooks requires
// it. Every write carries a requestid derived from the call's idempotency key.

const cents = (amount: number) => Math.round(amount * 100);
const dollars = (amountCents: number) => amountCents / 100;

type QuickBooksTxn = { Id: string; SyncToken: string; TotalAmt?: number; CustomerRef?: { value: string } };

const recordOf = (answer: QuickBooksTxn): BooksRecord => ({
  id: answer.Id,
  totalCents: cents(answer.TotalAmt ?? 0),
});

export function createQuickBooksDocuments(api: QuickBooksApi): AccountingDocuments {
  /** Voids or deletes an entity at its current SyncToken. */
  async function operate(
    call: Parameters<AccountingDocuments['voidInvoice']>[0],
    entity: 'Invoice' | 'Payment' | 'CreditMemo',
    id: string,
    operation: 'void' | 'delete',
  ) {
    const current = await api.read<QuickBooksTxn>(call, entity, id);
    await api.write(
      call,
      entity,
      { Id: current.Id, SyncToken: current.SyncToken },
      { requestId: requestIdOf(call.idempotencyKey, `${operation} ${entity} ${id}`), operation },
    );
  }

  return {
    async createInvoice(call, invoice) {
      const body = await documentBodyOf(api, call, invoice);
      const answer = await api.write<QuickBooksTxn>(call, 'Invoice', body, {
        requestId: requestIdOf(call.idempotencyKey, 'invoice'),
      });
      return recordOf(answer);
    },

    async updateInvoice(call, invoiceId, invoice) {
      const body = await documentBodyOf(api, call, invoice);
      const current = await api.read<QuickBooksTxn>(call, 'Invoice', invoiceId);
      // A sparse update: the fields sent replace theirs, Line replaces every line.
      const answer = await api.write<QuickBooksTxn>(
        call,
        'Invoice',
        { ...body, Id: current.Id, SyncToken: current.SyncToken, sparse: true },
        { requestId: requestIdOf(call.idempotencyKey, `update invoice ${invoiceId}`) },
      );
      return recordOf(answer);
    },

    voidInvoice: (call, invoiceId) => operate(call, 'Invoice', invoiceId, 'void'),

    async createPayment(call, payment) {
      const invoice = await api.read<QuickBooksTxn>(call, 'Invoice', payment.invoiceId);
      const answer = await api.write<QuickBooksTxn>(
        call,
        'Payment',
        {
          CustomerRef: invoice.CustomerRef,
          TotalAmt: dollars(payment.amountCents),
          TxnDate: payment.paidOn,
          DepositToAccountRef: { value: payment.accountCode },
          // QuickBooks' reference number holds 21 characters; the note keeps the whole reference.
          PaymentRefNum: payment.reference.slice(0, 21),
          PrivateNote: payment.reference,
          Line: [
            {
              Amount: dollars(payment.amountCents),
              LinkedTxn: [{ TxnId: payment.invoiceId, TxnType: 'Invoice' }],
            },
          ],
        },
        { requestId: requestIdOf(call.idempotencyKey, 'payment') },
      );
      return { id: answer.Id };
    },

    deletePayment: (call, paymentId) => operate(call, 'Payment', paymentId, 'delete'),

    async createCreditNote(call, note) {
      const body = await documentBodyOf(api, call, note);
      const answer = await api.write<QuickBooksTxn>(call, 'CreditMemo', body, {
        requestId: requestIdOf(call.idempotencyKey, 'credit memo'),
      });
      return recordOf(answer);
    },

    voidCreditNote: (call, creditNoteId) => operate(call, 'CreditMemo', creditNoteId, 'void'),

    async allocateCreditNote(call, allocation) {
      const invoice = await api.read<QuickBooksTxn>(call, 'Invoice', allocation.invoiceId);
      const amount = dollars(allocation.amountCents);
      await api.write(
        call,
        'Payment',
        {
          CustomerRef: invoice.CustomerRef,
          TotalAmt: 0,
          TxnDate: allocation.on,
          Line: [
            { Amount: amount, LinkedTxn: [{ TxnId: allocation.invoiceId, TxnType: 'Invoice' }] },
            { Amount: amount, LinkedTxn: [{ TxnId: allocation.creditNoteId, TxnType: 'CreditMemo' }] },
          ],
        },
        { requestId: requestIdOf(call.idempotencyKey, 'credit allocation') },
      );
    },
  };
}
