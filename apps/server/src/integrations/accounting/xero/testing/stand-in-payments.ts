import { randomUUID } from 'node:crypto';
import { fromCents, parseDay, toCents } from './stand-in-documents.ts';
import { xeroDate } from './stand-in-http.ts';
import type { Allocation, Books, CreditNote, Invoice, Payment } from './stand-in-store.ts';

// Money against documents, as Xero moves it: a payment into a bank account settles an invoice (or
// pays a credit note out: a cash refund), deleting the payment puts the amount back, and a credit
// note allocated to an invoice reduces what the invoice still asks for. Each answers Xero's
// refusal messages, or the change it made.

type Input = Record<string, unknown>;
const objectOf = (value: unknown): Input =>
  typeof value === 'object' && value !== null ? (value as Input) : {};
const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** An invoice's or credit note's still-open amount falls (or, deleted, rises back) by `cents`. */
function settle(document: Invoice | CreditNote, cents: number, now: number) {
  let open: number;
  if ('InvoiceID' in document) {
    open = toCents(document.AmountDue) - cents;
    document.AmountDue = fromCents(open);
    document.AmountPaid = fromCents(toCents(document.AmountPaid) + cents);
  } else {
    open = toCents(document.RemainingCredit) - cents;
    document.RemainingCredit = fromCents(open);
  }
  document.Status = open === 0 ? 'PAID' : 'AUTHORISED';
  if (open === 0) document.FullyPaidOnDate = xeroDate(now);
  else delete document.FullyPaidOnDate;
  document.UpdatedDateUTC = xeroDate(now);
}

const bankAccountOf = (books: Books, given: Input) =>
  books.accounts.find(
    (account) =>
      account.Status === 'ACTIVE' &&
      (account.Code === given.Code ||
        (given.AccountID !== undefined && account.AccountID === given.AccountID)),
  );

/** PUT /Payments: one payment checked; `save` applies it. */
export function preparePayment(books: Books, input: Input, now: number) {
  const messages: string[] = [];
  const invoiceRef = objectOf(input.Invoice);
  const noteRef = objectOf(input.CreditNote);
  const invoice =
    books.invoices.get(textOf(invoiceRef.InvoiceID) ?? '') ??
    [...books.invoices.values()].find(
      (i) => i.InvoiceNumber === invoiceRef.InvoiceNumber && invoiceRef.InvoiceNumber,
    );
  const note = books.creditNotes.get(textOf(noteRef.CreditNoteID) ?? '');
  const document = input.Invoice ? invoice : input.CreditNote ? note : undefined;
  if (!document) messages.push('An Invoice or CreditNote that exists must be specified for the payment.');
  else if (document.Status !== 'AUTHORISED') {
    messages.push('Payment can only be made against Authorised documents.');
  }
  const account = bankAccountOf(books, objectOf(input.Account));
  if (!account) messages.push('Account could not be found.');
  else if (account.Type !== 'BANK' && !account.EnablePaymentsToAccount) {
    messages.push(
      `Payments cannot be made to account ${account.Code}: it is not a bank account and does not allow payments.`,
    );
  }
  const amount = input.Amount;
  const cents = typeof amount === 'number' && Number.isFinite(amount) ? toCents(amount) : NaN;
  if (!(cents > 0)) messages.push('Payment amount must be greater than zero.');
  const open = document
    ? toCents('InvoiceID' in document ? document.AmountDue : document.RemainingCredit)
    : 0;
  if (document?.Status === 'AUTHORISED' && cents > open) {
    messages.push('Payment amount exceeds the amount outstanding on this document');
  }
  const day = input.Date === undefined ? now - (now % 86_400_000) : parseDay(input.Date);
  if (Number.isNaN(day)) messages.push('Date is not a valid date.');

  const save = (): Payment => {
    const payment: Payment = {
      PaymentID: randomUUID(),
      Date: xeroDate(day),
      Amount: fromCents(cents),
      Reference: textOf(input.Reference) ?? '',
      Status: 'AUTHORISED',
      PaymentType: invoice && document === invoice ? 'ACCRECPAYMENT' : 'ARCREDITPAYMENT',
      Account: { AccountID: account!.AccountID, Code: account!.Code },
      ...(document && 'InvoiceID' in document
        ? {
            Invoice: {
              InvoiceID: document.InvoiceID,
              InvoiceNumber: document.InvoiceNumber,
              Type: document.Type,
              Contact: document.Contact,
            },
          }
        : {}),
      ...(document && 'CreditNoteID' in document
        ? {
            CreditNote: {
              CreditNoteID: document.CreditNoteID,
              CreditNoteNumber: document.CreditNoteNumber,
              Type: document.Type,
              Contact: document.Contact,
            },
          }
        : {}),
      CurrencyRate: 1,
      IsReconciled: false,
      UpdatedDateUTC: xeroDate(now),
    };
    settle(document!, cents, now);
    document!.Payments.push({
      PaymentID: payment.PaymentID,
      Date: payment.Date,
      Amount: payment.Amount,
      Reference: payment.Reference,
    });
    books.payments.set(payment.PaymentID, payment);
    return payment;
  };
  return { messages, save };
}

/** POST /Payments/{id} {Status: 'DELETED'}: the amount goes back on the document (a refund's reversal). */
export function deletePayment(books: Books, payment: Payment, status: unknown, now: number): string | null {
  if (status !== 'DELETED') return 'A payment can only be deleted (Status DELETED), not otherwise changed.';
  if (payment.Status === 'DELETED') return 'This payment has already been deleted.';
  const document = payment.Invoice
    ? books.invoices.get(payment.Invoice.InvoiceID)
    : books.creditNotes.get(payment.CreditNote?.CreditNoteID ?? '');
  if (document) {
    settle(document, -toCents(payment.Amount), now);
    document.Payments = document.Payments.filter((summary) => summary.PaymentID !== payment.PaymentID);
  }
  payment.Status = 'DELETED';
  payment.UpdatedDateUTC = xeroDate(now);
  return null;
}

/** PUT /CreditNotes/{id}/Allocations: one allocation checked; `save` applies it. */
export function prepareAllocation(books: Books, note: CreditNote, input: Input, now: number) {
  const messages: string[] = [];
  const invoice = books.invoices.get(textOf(objectOf(input.Invoice).InvoiceID) ?? '');
  if (note.Status !== 'AUTHORISED')
    messages.push('Only an Authorised credit note with credit left can be allocated.');
  if (!invoice) messages.push('The Invoice to allocate to could not be found.');
  else if (invoice.Status !== 'AUTHORISED')
    messages.push('Credit can only be allocated to Authorised invoices.');
  else if (invoice.Contact.ContactID !== note.Contact.ContactID) {
    messages.push('The credit note and the invoice must be for the same contact.');
  }
  const cents = typeof input.Amount === 'number' ? toCents(input.Amount) : NaN;
  if (!(cents > 0)) messages.push('Allocation amount must be greater than zero.');
  if (cents > toCents(note.RemainingCredit))
    messages.push('The amount allocated exceeds the credit remaining.');
  if (invoice && cents > toCents(invoice.AmountDue)) {
    messages.push('The amount allocated exceeds the amount outstanding on the invoice.');
  }
  const day = input.Date === undefined ? now - (now % 86_400_000) : parseDay(input.Date);
  if (Number.isNaN(day)) messages.push('Date is not a valid date.');

  const save = (): Allocation => {
    const allocation: Allocation = {
      AllocationID: randomUUID(),
      Amount: fromCents(cents),
      Date: xeroDate(day),
      Invoice: { InvoiceID: invoice!.InvoiceID, InvoiceNumber: invoice!.InvoiceNumber },
      CreditNote: { CreditNoteID: note.CreditNoteID, CreditNoteNumber: note.CreditNoteNumber },
    };
    // Credit is not a payment: the invoice's AmountCredited rises, its AmountPaid does not.
    const due = toCents(invoice!.AmountDue) - cents;
    invoice!.AmountDue = fromCents(due);
    invoice!.AmountCredited = fromCents(toCents(invoice!.AmountCredited) + cents);
    invoice!.CreditNotes.push({
      CreditNoteID: note.CreditNoteID,
      CreditNoteNumber: note.CreditNoteNumber,
      AppliedAmount: allocation.Amount,
    });
    if (due === 0) Object.assign(invoice!, { Status: 'PAID', FullyPaidOnDate: xeroDate(now) });
    invoice!.UpdatedDateUTC = xeroDate(now);
    const remaining = toCents(note.RemainingCredit) - cents;
    note.RemainingCredit = fromCents(remaining);
    if (remaining === 0) note.Status = 'PAID';
    note.Allocations.push(allocation);
    note.UpdatedDateUTC = xeroDate(now);
    return allocation;
  };
  return { messages, save };
}
