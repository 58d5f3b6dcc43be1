import { randomUUID } from 'node:crypto';
import { xeroDate } from './stand-in-http.ts';
import type { Books, Contact, CreditNote, Invoice, LineItem } from './stand-in-store.ts';

// Sales invoices and credit notes as Xero makes them from what a client sends: each line's amount
// and tax worked out as Xero does (in cents, tax per line from its TaxType's rate, rounded half up),
// the document's totals summed from the lines, and Xero's validation messages for what it refuses.

/** An amount in whole cents, half away from zero (toFixed first: 1.005 * 100 is 100.4999…). */
export const toCents = (amount: number) =>
  Math.sign(amount) * Math.round(Number((Math.abs(amount) * 100).toFixed(6)));
export const fromCents = (cents: number) => cents / 100;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2025-05-14", "2025-05-14T00:00:00" or Xero's "/Date(ms+0000)/": midnight UTC, or NaN. */
export function parseDay(value: unknown): number {
  if (typeof value !== 'string') return NaN;
  const day = DAY_PATTERN.exec(value);
  if (day) return Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  const ms = /^\/Date\((-?\d+)/.exec(value);
  return ms ? Number(ms[1]) - (Number(ms[1]) % 86_400_000) : NaN;
}

/** Xero answers a day twice: `Date` in its JSON date form, `DateString` readable. */
const dayFields = (ms: number) => ({
  date: xeroDate(ms),
  string: new Date(ms).toISOString().slice(0, 10) + 'T00:00:00',
});

const KINDS = {
  invoice: { type: 'ACCREC', noun: 'Invoice', prefix: 'INV-' },
  creditNote: { type: 'ACCRECCREDIT', noun: 'Credit Note', prefix: 'CN-' },
} as const;

type Kind = keyof typeof KINDS;
type Line = Record<string, unknown>;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** One line as Xero would save it, or the messages that refuse it. */
function lineOf(books: Books, input: Line, mode: string, messages: string[]): LineItem {
  const item = textOf(input.ItemCode)
    ? [...books.items.values()].find((i) => i.Code === input.ItemCode)
    : undefined;
  if (textOf(input.ItemCode) && !item) messages.push(`Item code '${String(input.ItemCode)}' is not valid.`);
  // Xero fills what a line leaves out from the item's sales details, then the account's tax type.
  const sales = (item?.SalesDetails ?? {}) as Line;
  const accountCode = textOf(input.AccountCode) ?? textOf(sales.AccountCode);
  const account = books.accounts.find((a) => a.Code === accountCode && a.Status === 'ACTIVE');
  if (accountCode !== undefined && !account) {
    messages.push(`Account code '${accountCode}' is not a valid code for this document.`);
  }
  const taxType = textOf(input.TaxType) ?? textOf(sales.TaxType) ?? account?.TaxType ?? 'BASEXCLUDED';
  const rate = books.taxRates.find((t) => t.TaxType === taxType && t.CanApplyToRevenue);
  if (!rate) {
    messages.push(
      `The TaxType code '${taxType}' does not exist or cannot be used with this type of transaction.`,
    );
  }
  const quantity = input.Quantity ?? 1;
  const discount = input.DiscountRate ?? 0;
  let unit = input.UnitAmount ?? sales.UnitPrice;
  if (unit === undefined && isNumber(input.LineAmount) && isNumber(quantity) && quantity !== 0) {
    unit = input.LineAmount / quantity;
  }
  unit ??= 0;
  if (!isNumber(quantity) || !isNumber(unit) || !isNumber(discount)) {
    messages.push('Quantity, UnitAmount and DiscountRate must be numbers.');
    return {
      LineItemID: '',
      Description: '',
      Quantity: 0,
      UnitAmount: 0,
      TaxType: taxType,
      TaxAmount: 0,
      LineAmount: 0,
    };
  }
  const lineCents = toCents(quantity * unit * (1 - discount / 100));
  if (
    isNumber(input.LineAmount) &&
    toCents(input.LineAmount) !== lineCents &&
    input.UnitAmount !== undefined
  ) {
    messages.push(
      `The line amount ${input.LineAmount} does not equal Quantity × UnitAmount less discount (${fromCents(lineCents)}).`,
    );
  }
  const percent = mode === 'NoTax' ? 0 : (rate?.EffectiveRate ?? 0);
  const base = mode === 'Inclusive' ? 100 + percent : 100;
  const worked = toCents(fromCents(lineCents) * (percent / base));
  // Xero keeps a line's TaxAmount as sent when it is within rounding of its own (a cent).
  const taxCents =
    isNumber(input.TaxAmount) && Math.abs(toCents(input.TaxAmount) - worked) <= 1
      ? toCents(input.TaxAmount)
      : worked;
  return {
    LineItemID: randomUUID(),
    Description: textOf(input.Description) ?? textOf(item?.Description) ?? '',
    Quantity: quantity,
    UnitAmount: unit,
    ...(item ? { ItemCode: item.Code } : {}),
    ...(accountCode !== undefined ? { AccountCode: accountCode } : {}),
    TaxType: taxType,
    TaxAmount: fromCents(taxCents),
    LineAmount: fromCents(lineCents),
    ...(discount ? { DiscountRate: discount } : {}),
  };
}

/** The contact a document names: by ContactID, or by Name (Xero makes one when the name is new). */
function contactOf(books: Books, input: unknown, messages: string[]) {
  const given = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const id = textOf(given.ContactID);
  if (id) {
    const found = books.contacts.get(id);
    if (!found) messages.push(`The contact with ContactID ${id} could not be found.`);
    else if (found.ContactStatus !== 'ACTIVE') messages.push(`The contact ${found.Name} is archived.`);
    return found ?? null;
  }
  const name = textOf(given.Name)?.trim();
  if (!name) {
    messages.push('A Contact must be specified for this type of transaction');
    return null;
  }
  const byName = [...books.contacts.values()].find((c) => c.Name === name && c.ContactStatus === 'ACTIVE');
  const fresh: Contact = {
    ContactID: randomUUID(),
    Name: name,
    ContactStatus: 'ACTIVE',
    IsSupplier: false,
    IsCustomer: false,
    Addresses: [],
    Phones: [],
    ContactGroups: [],
    HasAttachments: false,
  };
  return byName ?? fresh;
}

/** The fields an invoice and a credit note share, checked; `commit` numbers and saves the contact. */
function prepare(books: Books, kind: Kind, input: Record<string, unknown>, now: number) {
  const { type, noun } = KINDS[kind];
  const messages: string[] = [];
  if ((input.Type ?? type) !== type) messages.push(`${noun} Type must be ${type}.`);
  const status = input.Status ?? 'DRAFT';
  if (status !== 'DRAFT' && status !== 'SUBMITTED' && status !== 'AUTHORISED') {
    messages.push(`${noun} not of valid status for creation`);
  }
  const mode = input.LineAmountTypes ?? 'Exclusive';
  if (mode !== 'Exclusive' && mode !== 'Inclusive' && mode !== 'NoTax') {
    messages.push('LineAmountTypes must be Exclusive, Inclusive or NoTax.');
  }
  const currency = input.CurrencyCode ?? 'AUD';
  if (currency !== 'AUD') messages.push(`Organisation is not subscribed to currency ${String(currency)}`);
  const contact = contactOf(books, input.Contact, messages);
  const date = input.Date === undefined ? now - (now % 86_400_000) : parseDay(input.Date);
  const due = input.DueDate === undefined ? null : parseDay(input.DueDate);
  if (Number.isNaN(date)) messages.push('Date is not a valid date.');
  if (Number.isNaN(due)) messages.push('DueDate is not a valid date.');
  const lines = Array.isArray(input.LineItems) ? (input.LineItems as Line[]) : [];
  const lineItems = lines.map((line) => lineOf(books, line, String(mode), messages));
  if (status === 'AUTHORISED') {
    if (lineItems.length === 0) messages.push(`${noun} must have at least one line item to be approved.`);
    if (lineItems.some((line) => line.AccountCode === undefined))
      messages.push('Account code must be specified.');
  }
  const taxCents = lineItems.reduce((sum, line) => sum + toCents(line.TaxAmount), 0);
  const lineCents = lineItems.reduce((sum, line) => sum + toCents(line.LineAmount), 0);
  // Inclusive lines hold their tax; the subtotal is what is left without it.
  const subCents = mode === 'Inclusive' ? lineCents - taxCents : lineCents;
  const dateFields = dayFields(Number.isNaN(date) ? 0 : date);
  const dueFields = due === null || Number.isNaN(due) ? null : dayFields(due);
  const document = {
    Contact: { ContactID: contact?.ContactID ?? '', Name: contact?.Name ?? '' },
    Date: dateFields.date,
    DateString: dateFields.string,
    ...(dueFields ? { DueDate: dueFields.date, DueDateString: dueFields.string } : {}),
    Status: status as 'DRAFT' | 'SUBMITTED' | 'AUTHORISED',
    LineAmountTypes: mode as 'Exclusive' | 'Inclusive' | 'NoTax',
    LineItems: lineItems,
    SubTotal: fromCents(subCents),
    TotalTax: fromCents(taxCents),
    Total: fromCents(subCents + taxCents),
    Reference: textOf(input.Reference) ?? '',
    CurrencyCode: 'AUD',
    CurrencyRate: 1 as const,
    Payments: [],
    HasAttachments: false as const,
    UpdatedDateUTC: xeroDate(now),
  };
  const commit = () => {
    if (contact && !books.contacts.has(contact.ContactID)) books.contacts.set(contact.ContactID, contact);
    // Xero marks a contact a customer once a sales document names it.
    if (contact) Object.assign(contact, { IsCustomer: true, UpdatedDateUTC: xeroDate(now) });
    const counter = kind === 'invoice' ? 'invoice' : 'creditNote';
    books.numbers[counter] += 1;
    return KINDS[kind].prefix + String(books.numbers[counter]).padStart(4, '0');
  };
  return { messages, document, commit };
}

/** An invoice checked against the books: its messages, and `save` to keep it (all-or-nothing batches). */
export function prepareInvoice(books: Books, input: Record<string, unknown>, now: number) {
  const { messages, document, commit } = prepare(books, 'invoice', input, now);
  const save = (): Invoice => {
    const next = commit();
    const invoice: Invoice = {
      Type: 'ACCREC',
      InvoiceID: randomUUID(),
      InvoiceNumber: textOf(input.InvoiceNumber) || next,
      ...document,
      AmountDue: document.Total,
      AmountPaid: 0,
      AmountCredited: 0,
      CreditNotes: [],
    };
    books.invoices.set(invoice.InvoiceID, invoice);
    return invoice;
  };
  return { messages, save };
}

export function prepareCreditNote(books: Books, input: Record<string, unknown>, now: number) {
  const { messages, document, commit } = prepare(books, 'creditNote', input, now);
  const save = (): CreditNote => {
    const next = commit();
    const note: CreditNote = {
      Type: 'ACCRECCREDIT',
      CreditNoteID: randomUUID(),
      CreditNoteNumber: textOf(input.CreditNoteNumber) || next,
      ...document,
      RemainingCredit: document.Status === 'AUTHORISED' ? document.Total : 0,
      Allocations: [],
    };
    books.creditNotes.set(note.CreditNoteID, note);
    return note;
  };
  return { messages, save };
}

/**
 * POST /Invoices/{id} with its contents: Xero lets an invoice be edited whole while nothing has
 * been paid or credited against it (a draft, or an approved one). Answers the refusal messages,
 * or `save` to apply the change (the id and number stay; the contents and totals are the new ones).
 */
export function prepareInvoiceUpdate(
  books: Books,
  invoice: Invoice,
  input: Record<string, unknown>,
  now: number,
) {
  const { messages, document } = prepare(books, 'invoice', input, now);
  if (invoice.Status !== 'DRAFT' && invoice.Status !== 'SUBMITTED' && invoice.Status !== 'AUTHORISED') {
    messages.push('Invoice not of valid status for modification');
  } else if (invoice.AmountPaid > 0 || invoice.AmountCredited > 0) {
    messages.push('This document cannot be edited as it has a payment or credit note allocated to it.');
  }
  const save = (): Invoice => {
    Object.assign(invoice, document, {
      InvoiceNumber: textOf(input.InvoiceNumber) || invoice.InvoiceNumber,
      AmountDue: document.Total,
      // An approved invoice stays approved unless the edit says otherwise.
      Status: input.Status ?? invoice.Status,
    });
    return invoice;
  };
  return { messages, save };
}

/**
 * POST /Invoices/{id} with a new Status, the changes Xero allows: approve a draft, delete a draft,
 * void an approved invoice nothing has been paid or credited against. Answers a refusal, or null.
 */
export function changeInvoiceStatus(invoice: Invoice, status: unknown, now: number): string | null {
  const isDraft = invoice.Status === 'DRAFT' || invoice.Status === 'SUBMITTED';
  if (status === 'AUTHORISED' && isDraft) {
    if (invoice.LineItems.length === 0 || invoice.LineItems.some((line) => line.AccountCode === undefined)) {
      return 'Invoice must have line items, each with an account code, to be approved.';
    }
  } else if (status === 'VOIDED' && invoice.Status === 'AUTHORISED') {
    if (invoice.AmountPaid > 0 || invoice.AmountCredited > 0) {
      return 'This document cannot be edited as it has a payment or credit note allocated to it.';
    }
    invoice.AmountDue = 0;
  } else if (!(status === 'DELETED' && isDraft) && status !== invoice.Status) {
    return 'Invoice not of valid status for modification';
  }
  invoice.Status = status as Invoice['Status'];
  invoice.UpdatedDateUTC = xeroDate(now);
  return null;
}

/**
 * POST /CreditNotes/{id} with Status VOIDED: Xero voids an approved credit note nothing has been
 * allocated from or refunded out of. Answers a refusal, or null.
 */
export function voidCreditNote(note: CreditNote, status: unknown, now: number): string | null {
  if (status !== 'VOIDED') return 'The stand-in changes a credit note only to VOIDED.';
  if (note.Status !== 'AUTHORISED') return 'Credit note not of valid status for modification';
  if (toCents(note.RemainingCredit) !== toCents(note.Total)) {
    return 'This document cannot be edited as it has a payment or credit note allocated to it.';
  }
  note.Status = 'VOIDED';
  note.RemainingCredit = 0;
  note.UpdatedDateUTC = xeroDate(now);
  return null;
}
