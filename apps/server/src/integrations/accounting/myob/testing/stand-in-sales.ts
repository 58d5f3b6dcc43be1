import { randomUUID } from 'node:crypto';
import { invalid, myobError, notFound } from './stand-in-http.ts';
import {
  type Books,
  nextRowVersion,
  type Payment,
  type Ref,
  type Sale,
  type Settlement,
} from './stand-in-store.ts';

// The sales side of a company file as MYOB keeps it: Service-layout sales (an invoice, or a credit
// when its total is negative) with tax worked out per line from its TaxCode, customer payments
// applied to invoices, and credit settlements applying a credit to an invoice. MYOB's rules that
// Tradeport meets are enforced: a 13-character Number, known accounts and tax codes, PUT with the
// current RowVersion (409 otherwise), no overpayment, no deleting a sale something is applied to.

type Body = Record<string, unknown>;
const NUMBER_MAX = 13;
const toCents = (amount: unknown) => Math.round(Number(amount) * 100);
const toDollars = (cents: number) => cents / 100;

const uidOf = (value: unknown, field: string): string => {
  const uid = (value as Ref | null | undefined)?.UID;
  if (typeof uid !== 'string' || !uid) throw invalid(`${field} is required`);
  return uid;
};

export function customerRef(books: Books, value: unknown, field = 'Customer'): Ref {
  const customer = books.customers.get(uidOf(value, field));
  if (!customer) throw myobError(400, 'NotFound', `${field} not found`, { code: 150 });
  return { UID: customer.UID, Name: customer.CompanyName, DisplayID: customer.DisplayID };
}

export function accountRef(books: Books, value: unknown, field = 'Account'): Ref {
  const uid = uidOf(value, field);
  const account = books.accounts.find((candidate) => candidate.UID === uid);
  if (!account) throw myobError(400, 'NotFound', `${field} not found`, { code: 150 });
  if (!account.IsActive || account.IsHeader)
    throw invalid(`${field} ${account.DisplayID} cannot be used in a transaction`);
  return { UID: account.UID, Name: account.Name, DisplayID: account.DisplayID };
}

/** A sale as MYOB would store it from a POST or PUT body: lines checked, tax and totals worked out. */
export function saleOf(books: Books, body: Body, existing?: Sale): Sale {
  const number = String(body.Number ?? '');
  if (!number) throw invalid('Number is required');
  if (number.length > NUMBER_MAX)
    throw invalid(`Number must be ${NUMBER_MAX} characters or less`, `Number: ${number}`);
  if (typeof body.Date !== 'string') throw invalid('Date is required');
  const lines = body.Lines;
  if (!Array.isArray(lines) || lines.length === 0) throw invalid('Lines is required');
  const isInclusive = body.IsTaxInclusive === true;
  let subtotal = 0;
  let tax = 0;
  const saleLines = (lines as Body[]).map((line, index) => {
    const taxUid = uidOf(line.TaxCode, 'TaxCode');
    const taxCode = books.taxCodes.find((candidate) => candidate.UID === taxUid);
    if (!taxCode) throw myobError(400, 'NotFound', 'TaxCode not found', { code: 150 });
    const total = toCents(line.Total);
    if (!Number.isFinite(total)) throw invalid('Line Total is required');
    const rate = taxCode.Rate;
    subtotal += total;
    tax += Math.round(isInclusive ? (total * rate) / (100 + rate) : (total * rate) / 100);
    return {
      RowID: index + 1,
      Type: 'Transaction' as const,
      Description: String(line.Description ?? ''),
      Total: toDollars(total),
      Account: accountRef(books, line.Account),
      TaxCode: { UID: taxCode.UID, Code: taxCode.Code },
    };
  });
  const total = isInclusive ? subtotal : subtotal + tax;
  return {
    UID: existing?.UID ?? randomUUID(),
    Number: number,
    Date: body.Date,
    Customer: customerRef(books, body.Customer),
    IsTaxInclusive: isInclusive,
    Lines: saleLines,
    Subtotal: toDollars(subtotal),
    TotalTax: toDollars(tax),
    TotalAmount: toDollars(total),
    BalanceDueAmount: toDollars(total),
    Status: total < 0 ? 'Credit' : 'Open',
    InvoiceType: 'Service',
    CustomerPurchaseOrderNumber:
      typeof body.CustomerPurchaseOrderNumber === 'string' ? body.CustomerPurchaseOrderNumber : null,
    JournalMemo: typeof body.JournalMemo === 'string' ? body.JournalMemo : null,
    Terms: body.Terms ?? null,
    RowVersion: nextRowVersion(),
  };
}

const isApplied = (sale: Sale) => sale.BalanceDueAmount !== sale.TotalAmount;

export function updateSale(books: Books, uid: string, body: Body): void {
  const sale = books.invoices.get(uid);
  if (!sale) throw notFound();
  if (body.RowVersion !== sale.RowVersion) {
    throw myobError(
      409,
      'ConcurrencyException',
      'The RowVersion does not match the current one: read the record again',
    );
  }
  if (isApplied(sale)) throw invalid('A sale with payments or credits applied cannot be changed');
  books.invoices.set(uid, saleOf(books, body, sale));
}

export function deleteSale(books: Books, uid: string): void {
  const sale = books.invoices.get(uid);
  if (!sale) throw notFound();
  if (isApplied(sale)) {
    throw invalid(
      'This sale has payments or credits applied to it and cannot be deleted',
      'Delete them first',
    );
  }
  books.invoices.delete(uid);
}

type Application = { UID: string; AmountApplied: number; Type: 'Invoice' };

/** The invoices a payment or settlement applies to: each open, the customer's, not overpaid. */
function applicationsOf(
  books: Books,
  body: Body,
  customer: Ref,
): { sale: Sale; cents: number; line: Application }[] {
  const invoices = body.Invoices;
  if (!Array.isArray(invoices) || invoices.length === 0) throw invalid('Invoices is required');
  return (invoices as Body[]).map((entry) => {
    const sale = books.invoices.get(uidOf(entry, 'Invoice'));
    if (!sale || sale.TotalAmount < 0) throw myobError(400, 'NotFound', 'Invoice not found', { code: 150 });
    if (sale.Customer.UID !== customer.UID) throw invalid(`Invoice ${sale.Number} is not this customer's`);
    const cents = toCents(entry.AmountApplied);
    if (!(cents > 0)) throw invalid('AmountApplied must be more than zero');
    if (cents > toCents(sale.BalanceDueAmount)) {
      throw invalid(`AmountApplied is more than the balance due on invoice ${sale.Number}`);
    }
    return {
      sale,
      cents,
      line: { UID: sale.UID, AmountApplied: toDollars(cents), Type: 'Invoice' as const },
    };
  });
}

const adjust = (sale: Sale, cents: number) => {
  sale.BalanceDueAmount = toDollars(toCents(sale.BalanceDueAmount) + cents);
  sale.Status = sale.TotalAmount < 0 ? 'Credit' : sale.BalanceDueAmount === 0 ? 'Closed' : 'Open';
  sale.RowVersion = nextRowVersion();
};

export function createPayment(books: Books, body: Body): Payment {
  const account = accountRef(books, body.Account);
  const type = books.accounts.find((candidate) => candidate.UID === account.UID)!.Type;
  if (type !== 'Bank' && type !== 'CreditCard')
    throw invalid('Account must be a bank or credit card account');
  if (typeof body.Date !== 'string') throw invalid('Date is required');
  const customer = customerRef(books, body.Customer);
  const applied = applicationsOf(books, body, customer);
  const received = toCents(body.AmountReceived);
  if (received !== applied.reduce((sum, entry) => sum + entry.cents, 0)) {
    throw invalid('AmountReceived must equal the total of AmountApplied');
  }
  for (const entry of applied) adjust(entry.sale, -entry.cents);
  const payment: Payment = {
    UID: randomUUID(),
    DepositTo: 'Account',
    Account: account,
    Customer: customer,
    Date: body.Date,
    AmountReceived: toDollars(received),
    Memo: typeof body.Memo === 'string' ? body.Memo : null,
    Invoices: applied.map((entry) => entry.line),
    RowVersion: nextRowVersion(),
  };
  books.payments.set(payment.UID, payment);
  return payment;
}

export function deletePayment(books: Books, uid: string): void {
  const payment = books.payments.get(uid);
  if (!payment) throw notFound();
  for (const line of payment.Invoices) {
    const sale = books.invoices.get(line.UID);
    if (sale) adjust(sale, toCents(line.AmountApplied));
  }
  books.payments.delete(uid);
}

export function createSettlement(books: Books, body: Body): Settlement {
  const credit = books.invoices.get(uidOf(body.CreditFromInvoice, 'CreditFromInvoice'));
  if (!credit || credit.TotalAmount >= 0)
    throw myobError(400, 'NotFound', 'CreditFromInvoice not found', { code: 150 });
  if (typeof body.Date !== 'string') throw invalid('Date is required');
  const customer = customerRef(books, body.Customer);
  if (credit.Customer.UID !== customer.UID) throw invalid("The credit is not this customer's");
  const applied = applicationsOf(books, body, customer);
  const total = applied.reduce((sum, entry) => sum + entry.cents, 0);
  if (total > -toCents(credit.BalanceDueAmount))
    throw invalid('The amount applied is more than the credit available');
  for (const entry of applied) adjust(entry.sale, -entry.cents);
  adjust(credit, total);
  const settlement: Settlement = {
    UID: randomUUID(),
    CreditFromInvoice: { UID: credit.UID, Number: credit.Number },
    Customer: customer,
    Date: body.Date,
    Memo: typeof body.Memo === 'string' ? body.Memo : null,
    Invoices: applied.map((entry) => entry.line),
    RowVersion: nextRowVersion(),
  };
  books.settlements.set(settlement.UID, settlement);
  return settlement;
}
