import type { Books, Entity } from './stand-in-company.ts';
import { refOf } from './stand-in-entities.ts';
import { fault, objectNotFound } from './stand-in-http.ts';

// Invoices, credit memos and payments at the stand-in, worked out as QuickBooks Online (AU) does:
// every line a SalesItemLineDetail naming an item and a tax code; the tax worked out per line from
// the code's sales rate (TaxExcluded: on Amount; TaxInclusive: TaxInclusiveAmt, which an AU
// company requires, holds the GST); TotalAmt and Balance (RemainingCredit for a credit memo);
// SyncToken checked on every update, void and delete; payments linking invoices and credit memos.

const round2 = (value: number) => Math.round(value * 100) / 100;
const stamp = () => ({ CreateTime: new Date().toISOString(), LastUpdatedTime: new Date().toISOString() });

const business = (detail: string, element?: string) =>
  fault(
    '6000',
    'A business validation error has occurred while processing your request',
    `Business Validation Error: ${detail}`,
    { element },
  );

export const staleObject = (id: string) =>
  fault(
    '5010',
    'Stale Object Error',
    `Stale Object Error : You and root were working on this at the same time. root finished before you did, so your work was not saved. (Id ${id})`,
  );

function salesRateOf(books: Books, code: Entity): number {
  const details = (code.SalesTaxRateList as { TaxRateDetail: { TaxRateRef: { value: string } }[] })
    .TaxRateDetail;
  if (details.length === 0)
    throw business(`The tax code ${String(code.Name)} cannot be used on sales.`, 'TaxCodeRef');
  return details.reduce(
    (sum, detail) => sum + Number(books.TaxRate.get(detail.TaxRateRef.value)?.RateValue ?? 0),
    0,
  );
}

type Line = {
  Amount?: number;
  Description?: string;
  DetailType?: string;
  SalesItemLineDetail?: Record<string, unknown>;
};

/** The document's lines, tax and totals, or QuickBooks' refusal. */
function workOut(books: Books, body: Record<string, unknown>) {
  const customer = refOf(books, 'Customer', body.CustomerRef, 'CustomerRef');
  const inclusive = body.GlobalTaxCalculation === 'TaxInclusive';
  if (body.GlobalTaxCalculation === 'NotApplicable')
    throw business('An AU company charges GST: choose TaxExcluded or TaxInclusive.');
  const lines = Array.isArray(body.Line) ? (body.Line as Line[]) : [];
  if (lines.length === 0)
    throw fault(
      '2020',
      'Required param missing, need to supply the required value for the API',
      'Required parameter Line is missing in the request',
    );
  let net = 0;
  let tax = 0;
  const worked = lines.map((line, index) => {
    if (line.DetailType !== 'SalesItemLineDetail' || !line.SalesItemLineDetail) {
      throw fault(
        '2020',
        'Required param missing, need to supply the required value for the API',
        `Required parameter Line.SalesItemLineDetail is missing (line ${index + 1})`,
      );
    }
    const detail = line.SalesItemLineDetail;
    const item = refOf(books, 'Item', detail.ItemRef, 'Line.SalesItemLineDetail.ItemRef');
    if (detail.TaxCodeRef === undefined)
      throw business('Make sure all your transactions have a GST rate before you save.', 'TaxCodeRef');
    const code = refOf(books, 'TaxCode', detail.TaxCodeRef, 'Line.SalesItemLineDetail.TaxCodeRef');
    const amount = Number(line.Amount);
    const [qty, price] = [Number(detail.Qty ?? 1), Number(detail.UnitPrice ?? amount)];
    if (!Number.isFinite(amount))
      throw fault(
        '2020',
        'Required param missing, need to supply the required value for the API',
        'Required parameter Line.Amount is missing',
      );
    if (Math.abs(qty * price - amount) > 0.005)
      throw fault(
        '6070',
        'Amount is not equal to UnitPrice * Qty',
        `Amount is not equal to UnitPrice * Qty. Supplied value:${amount}`,
      );
    const rate = salesRateOf(books, code) / 100;
    let lineTax: number;
    if (inclusive) {
      if (detail.TaxInclusiveAmt === undefined)
        throw business(
          'TaxInclusiveAmt is required on each line when amounts include tax.',
          'TaxInclusiveAmt',
        );
      const gross = Number(detail.TaxInclusiveAmt);
      lineTax = round2(gross - gross / (1 + rate));
      if (Math.abs(gross - lineTax - amount) > 0.011)
        throw business(`Line ${index + 1}: Amount must be TaxInclusiveAmt less its tax.`, 'Amount');
    } else {
      lineTax = round2(amount * rate);
    }
    net = round2(net + amount);
    tax = round2(tax + lineTax);
    return {
      ...line,
      Id: String(index + 1),
      LineNum: index + 1,
      SalesItemLineDetail: { ...detail, ItemRef: { value: item.Id, name: item.Name } },
    };
  });
  const subtotal = { Amount: net, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} };
  return { customer, lines: [...worked, subtotal], tax, total: round2(net + tax) };
}

function checkDocNumber(documents: Map<string, Entity>, docNumber: unknown, except?: string) {
  if (typeof docNumber !== 'string' || !docNumber) return;
  const clash = [...documents.values()].find(
    (document) => document.DocNumber === docNumber && document.Id !== except,
  );
  if (clash)
    throw fault(
      '6140',
      'Duplicate Document Number Error',
      `Duplicate Document Number Error : You must specify a different number. This number has already been used. DocNumber=${docNumber}`,
    );
}

export function saveDocument(
  books: Books,
  kind: 'Invoice' | 'CreditMemo',
  body: Record<string, unknown>,
): Entity {
  const documents = books[kind];
  const existing = body.Id === undefined ? undefined : documents.get(String(body.Id));
  if (body.Id !== undefined) {
    if (!existing) throw objectNotFound(kind, String(body.Id));
    if (String(body.SyncToken) !== existing.SyncToken) throw staleObject(existing.Id);
    if (existing.PrivateNote === 'Voided')
      throw business('This transaction has been voided and cannot be changed.');
  }
  const merged = existing && body.sparse === true ? { ...existing, ...body } : body;
  checkDocNumber(documents, merged.DocNumber, existing?.Id);
  const { customer, lines, tax, total } = workOut(books, merged);
  const applied = existing
    ? Number(existing.TotalAmt) - Number(existing[kind === 'Invoice' ? 'Balance' : 'RemainingCredit'])
    : 0;
  if (applied > total)
    throw business('The transaction total cannot be less than what has been applied to it.');
  const id = existing?.Id ?? books.nextId();
  const { sparse: _sparse, ...fields } = merged;
  const document: Entity = {
    ...fields,
    Id: id,
    SyncToken: existing ? String(Number(existing.SyncToken) + 1) : '0',
    DocNumber: merged.DocNumber ?? id,
    CustomerRef: { value: customer.Id, name: customer.DisplayName },
    Line: lines,
    TxnTaxDetail: { TotalTax: tax },
    TotalAmt: total,
    [kind === 'Invoice' ? 'Balance' : 'RemainingCredit']: round2(total - applied),
    CurrencyRef: { value: 'AUD', name: 'Australian Dollar' },
    domain: 'QBO',
    MetaData: stamp(),
  };
  documents.set(id, document);
  return document;
}

/** Current at its SyncToken, or QuickBooks' refusal. */
function current(
  books: Books,
  kind: 'Invoice' | 'CreditMemo' | 'Payment',
  body: Record<string, unknown>,
): Entity {
  const found = books[kind].get(String(body.Id));
  if (!found || found.status === 'Deleted') throw objectNotFound(kind, String(body.Id));
  if (String(body.SyncToken) !== found.SyncToken) throw staleObject(found.Id);
  return found;
}

/** `?operation=void`: the document stays, its amounts are zero and its note says Voided. */
export function voidDocument(
  books: Books,
  kind: 'Invoice' | 'CreditMemo',
  body: Record<string, unknown>,
): Entity {
  const document = current(books, kind, body);
  const open = Number(document[kind === 'Invoice' ? 'Balance' : 'RemainingCredit']);
  if (open !== Number(document.TotalAmt)) {
    throw business(
      `This ${kind === 'Invoice' ? 'invoice has payments' : 'credit memo has been applied'}: remove them before voiding it.`,
    );
  }
  const voided: Entity = {
    ...document,
    SyncToken: String(Number(document.SyncToken) + 1),
    PrivateNote: 'Voided',
    Line: (document.Line as Line[]).map((line) => ({ ...line, Amount: 0 })),
    TxnTaxDetail: { TotalTax: 0 },
    TotalAmt: 0,
    [kind === 'Invoice' ? 'Balance' : 'RemainingCredit']: 0,
  };
  books[kind].set(document.Id, voided);
  return voided;
}

type Link = { TxnId: string; TxnType: 'Invoice' | 'CreditMemo' };

function linksOf(payment: Record<string, unknown>) {
  const lines = Array.isArray(payment.Line)
    ? (payment.Line as { Amount?: number; LinkedTxn?: Link[] }[])
    : [];
  return lines.flatMap((line) =>
    (line.LinkedTxn ?? []).map((link) => ({ link, amount: Number(line.Amount) })),
  );
}

function apply(books: Books, payment: Record<string, unknown>, sign: 1 | -1) {
  for (const { link, amount } of linksOf(payment)) {
    const kind = link.TxnType === 'CreditMemo' ? 'CreditMemo' : 'Invoice';
    const field = kind === 'Invoice' ? 'Balance' : 'RemainingCredit';
    const document = books[kind].get(link.TxnId)!;
    document[field] = round2(Number(document[field]) - sign * amount);
  }
}

export function createPayment(books: Books, body: Record<string, unknown>): Entity {
  const customer = refOf(books, 'Customer', body.CustomerRef, 'CustomerRef');
  const total = Number(body.TotalAmt);
  if (!Number.isFinite(total) || total < 0)
    throw fault(
      '2020',
      'Required param missing, need to supply the required value for the API',
      'Required parameter TotalAmt is missing in the request',
    );
  if (body.DepositToAccountRef !== undefined) {
    const account = refOf(books, 'Account', body.DepositToAccountRef, 'DepositToAccountRef');
    if (account.AccountType !== 'Bank' && account.AccountType !== 'Other Current Asset') {
      throw business(
        'Deposit to account must be a bank or other current asset account.',
        'DepositToAccountRef',
      );
    }
  }
  let invoices = 0;
  let credits = 0;
  for (const { link, amount } of linksOf(body)) {
    const kind = link.TxnType === 'CreditMemo' ? 'CreditMemo' : 'Invoice';
    const document = books[kind].get(link.TxnId);
    if (!document || (link.TxnType !== 'Invoice' && link.TxnType !== 'CreditMemo'))
      throw objectNotFound(String(link.TxnType), link.TxnId);
    if ((document.CustomerRef as { value: string }).value !== customer.Id)
      throw business(`${kind} ${link.TxnId} belongs to another customer.`);
    const open = Number(document[kind === 'Invoice' ? 'Balance' : 'RemainingCredit']);
    if (amount > open + 0.001)
      throw business(`The amount applied to ${kind} ${link.TxnId} is more than it has open (${open}).`);
    if (kind === 'Invoice') invoices = round2(invoices + amount);
    else credits = round2(credits + amount);
  }
  if (invoices > round2(total + credits))
    throw business('The payment applies more to invoices than it and its credits hold.');
  if (total === 0 && credits === 0) throw business('A payment of 0 must apply a credit memo.');
  const id = books.nextId();
  const payment: Entity = {
    ...body,
    Id: id,
    SyncToken: '0',
    CustomerRef: { value: customer.Id, name: customer.DisplayName },
    TotalAmt: total,
    UnappliedAmt: round2(total + credits - invoices),
    domain: 'QBO',
    MetaData: stamp(),
  };
  apply(books, payment, 1);
  books.Payment.set(id, payment);
  return payment;
}

/** `payment?operation=delete`: what it linked owes (or holds) again. */
export function deletePayment(books: Books, body: Record<string, unknown>): Entity {
  const payment = current(books, 'Payment', body);
  apply(books, payment, -1);
  const deleted: Entity = { ...payment, status: 'Deleted' };
  books.Payment.set(payment.Id, deleted);
  return { Id: payment.Id, SyncToken: payment.SyncToken, status: 'Deleted', domain: 'QBO' } as Entity;
}
