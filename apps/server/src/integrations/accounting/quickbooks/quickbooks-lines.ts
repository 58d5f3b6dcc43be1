import type { BooksDocument, BooksLine, BooksWrite } from '../accounting-provider.ts';
import { type QuickBooksApi, quoted, requestIdOf } from './quickbooks-api.ts';
import { type QuickBooksAccount, accountNameOf } from './quickbooks-books.ts';
import { itemNameOf, type QuickBooksItem } from './quickbooks-directory.ts';

// A Tradeport document as QuickBooks' Invoice or CreditMemo body. Every sales line names an item
// (SalesItemLineDetail.ItemRef), and the item decides the income account: a line linked to a
// product names that item (found by its Sku); a line with none names the company's service item
// for the line's account ("Tradeport sales (<account>)"), found by name or made once. Tax is the
// line's tax code; with GlobalTaxCalculation TaxInclusive an AU company also wants the line's
// TaxInclusiveAmt (its Amount and UnitPrice stay ex GST). QuickBooks works the tax out itself.

const dollars = (cents: number) => cents / 100;
/** UnitPrice to QuickBooks' 7 decimal places. */
const unitPrice = (cents: number, quantity: number) => Math.round((cents / quantity) * 1e5) / 1e7;

export const serviceItemNameOf = (account: QuickBooksAccount) =>
  itemNameOf(`Tradeport sales (${account.Name})`);

/** Resolves items for one call's lines: nothing outlives the call. */
function createItemResolver(api: QuickBooksApi, call: BooksWrite) {
  const found = new Map<string, Promise<string>>();

  async function byCode(code: string): Promise<string> {
    const [item] = await api.query<QuickBooksItem>(
      call,
      'Item',
      `select * from Item where Sku = ${quoted(code)}`,
    );
    if (item) return item.Id;
    const [named] = await api.query<QuickBooksItem>(
      call,
      'Item',
      `select * from Item where Name = ${quoted(code)}`,
    );
    if (!named) throw new Error(`QuickBooks has no item with the code ${code}`);
    return named.Id;
  }

  async function forAccount(accountId: string): Promise<string> {
    const account = await api.read<QuickBooksAccount>(call, 'Account', accountId);
    const name = serviceItemNameOf(account);
    const [item] = await api.query<QuickBooksItem>(
      call,
      'Item',
      `select * from Item where Name = ${quoted(name)}`,
    );
    if (item) return item.Id;
    const made = await api.write<QuickBooksItem>(
      call,
      'Item',
      {
        Name: name,
        Type: 'Service',
        Description: `Sales sent by Tradeport to ${accountNameOf(account)}`,
        IncomeAccountRef: { value: account.Id },
      },
      { requestId: requestIdOf(call.idempotencyKey, `service item ${account.Id}`) },
    );
    return made.Id;
  }

  return (line: BooksLine): Promise<string> => {
    const key = line.itemCode === null ? `account ${line.accountCode}` : `code ${line.itemCode}`;
    let id = found.get(key);
    if (!id) {
      id = line.itemCode === null ? forAccount(line.accountCode) : byCode(line.itemCode);
      found.set(key, id);
    }
    return id;
  };
}

function lineOf(line: BooksLine, itemId: string, amounts: BooksDocument['amounts']) {
  const grossCents = Math.round(line.unitAmountCents * line.quantity);
  const netCents = amounts === 'INCLUSIVE' ? grossCents - line.taxCents : grossCents;
  return {
    DetailType: 'SalesItemLineDetail',
    Description: line.description,
    Amount: dollars(netCents),
    SalesItemLineDetail: {
      ItemRef: { value: itemId },
      Qty: line.quantity,
      UnitPrice: amounts === 'INCLUSIVE' ? unitPrice(netCents, line.quantity) : dollars(line.unitAmountCents),
      TaxCodeRef: { value: line.taxId },
      ...(amounts === 'INCLUSIVE' ? { TaxInclusiveAmt: dollars(grossCents) } : {}),
    },
  };
}

/** The document's body (without Id and SyncToken) for a create or a sparse update. */
export async function documentBodyOf(api: QuickBooksApi, call: BooksWrite, document: BooksDocument) {
  const itemOf = createItemResolver(api, call);
  const itemIds = await Promise.all(document.lines.map(itemOf));
  return {
    CustomerRef: { value: document.contactId },
    DocNumber: document.number,
    TxnDate: document.issuedOn,
    ...(document.dueOn ? { DueDate: document.dueOn } : {}),
    PrivateNote: document.reference ?? '',
    GlobalTaxCalculation: document.amounts === 'EXCLUSIVE' ? 'TaxExcluded' : 'TaxInclusive',
    Line: document.lines.map((line, index) => lineOf(line, itemIds[index]!, document.amounts)),
  };
}
