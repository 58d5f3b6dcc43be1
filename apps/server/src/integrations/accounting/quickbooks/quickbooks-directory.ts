import type {
  AccountingDirectory,
  BooksCall,
  BooksPage,
  NewProviderContact,
  NewProviderItem,
  ProviderContact,
  ProviderItem,
} from '../accounting-provider.ts';
import { type QuickBooksAccount } from './quickbooks-books.ts';
import { type QuickBooksApi, quoted, requestIdOf } from './quickbooks-api.ts';

// A QuickBooks company's customers and items, for linking Tradeport's customers and products to
// them (…/api/accounting/all-entities/customer, …/item). Both come in pages of the query
// endpoint (STARTPOSITION, MAXRESULTS up to 1000). QuickBooks has no batched create outside its
// batch endpoint, so each is one POST with its own requestid derived from the call's key: a
// retried call replays the ones already made instead of making them twice.

/** Intuit's largest page (MAXRESULTS). */
export const QUICKBOOKS_PAGE_SIZE = 1000;
/** QuickBooks' limit on an item's Name (unique among items) and on a DisplayName. */
const NAME_MAX = 100;
/** Names asked about in one query's `in (…)`. */
const IN_LIST_MAX = 50;

type QuickBooksCustomer = {
  Id: string;
  DisplayName: string;
  Active?: boolean;
  PrimaryEmailAddr?: { Address?: string };
  Notes?: string;
};
export type QuickBooksItem = { Id: string; Name: string; Sku?: string; Type?: string; Active?: boolean };

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** The customer's ABN, kept in Notes ("ABN 12345678901"): QuickBooks' API has no ABN field for customers. */
const abnOf = (notes: string | undefined) =>
  /\bABN:?\s*((?:\d\s?){11})/.exec(notes ?? '')?.[1]?.replace(/\s/g, '') ?? null;

const toContact = (customer: QuickBooksCustomer): ProviderContact => ({
  id: customer.Id,
  name: customer.DisplayName,
  email: blankToNull(customer.PrimaryEmailAddr?.Address),
  taxNumber: abnOf(customer.Notes),
});

/** Our SKU is the item's Sku; an item made in QuickBooks without one is matched by its name. */
const toItem = (item: QuickBooksItem): ProviderItem => ({
  id: item.Id,
  code: item.Sku || item.Name,
  name: item.Name,
});

/**
 * A Name QuickBooks takes: no colon (it separates sub-items), no tabs or new lines, at most 100,
 * `suffix` (cleaned the same way) kept whole at its end when given.
 */
export const itemNameOf = (name: string, suffix = '') => {
  const clean = (value: string) => value.replace(/[:\s]+/g, ' ').trim();
  const end = suffix ? ` ${clean(suffix)}` : '';
  const room = NAME_MAX - end.length;
  const start = clean(name);
  return `${start.length > room ? `${start.slice(0, room - 1)}…` : start}${end}`;
};

/**
 * The names new items take: each product's name, unless an item (or another of the batch) has it
 * already, as QuickBooks keeps item names unique: then the name with its SKU after it.
 */
async function newItemNames(api: QuickBooksApi, call: BooksCall, items: NewProviderItem[]) {
  const plain = items.map((item) => itemNameOf(item.name));
  const taken = new Set<string>();
  for (let start = 0; start < plain.length; start += IN_LIST_MAX) {
    const names = [...new Set(plain.slice(start, start + IN_LIST_MAX))];
    const found = await api.query<QuickBooksItem>(
      call,
      'Item',
      `select * from Item where Name in (${names.map(quoted).join(', ')}) maxresults ${QUICKBOOKS_PAGE_SIZE}`,
    );
    for (const item of found) taken.add(item.Name.toLowerCase());
  }
  return items.map((item, index) => {
    const name = taken.has(plain[index]!.toLowerCase())
      ? itemNameOf(item.name, `(${item.code})`)
      : plain[index]!;
    taken.add(name.toLowerCase());
    return name;
  });
}

const customerOf = (contact: NewProviderContact) => ({
  DisplayName: contact.name.slice(0, NAME_MAX),
  CompanyName: contact.name.slice(0, NAME_MAX),
  ...(contact.email ? { PrimaryEmailAddr: { Address: contact.email } } : {}),
  ...(contact.taxNumber ? { Notes: `ABN ${contact.taxNumber}` } : {}),
});

export function createQuickBooksDirectory(
  api: QuickBooksApi,
  pageSize = QUICKBOOKS_PAGE_SIZE,
): AccountingDirectory {
  const paging = (page: number) => `startposition ${(page - 1) * pageSize + 1} maxresults ${pageSize}`;

  return {
    async listContacts(call, { page }): Promise<BooksPage<ProviderContact>> {
      const customers = await api.query<QuickBooksCustomer>(
        call,
        'Customer',
        `select * from Customer where Active = true orderby DisplayName ${paging(page)}`,
      );
      return { records: customers.map(toContact), hasMore: customers.length >= pageSize };
    },

    async createContacts(call, contacts): Promise<ProviderContact[]> {
      const made: ProviderContact[] = [];
      for (const [index, contact] of contacts.entries()) {
        const customer = await api.write<QuickBooksCustomer>(call, 'Customer', customerOf(contact), {
          requestId: requestIdOf(call.idempotencyKey, `customer ${index}`),
        });
        made.push(toContact(customer));
      }
      return made;
    },

    async listItems(call, { page }): Promise<BooksPage<ProviderItem>> {
      const items = await api.query<QuickBooksItem>(
        call,
        'Item',
        `select * from Item where Active = true orderby Name ${paging(page)}`,
      );
      // A category is not an item a line can name.
      const records = items.filter((item) => item.Type !== 'Category').map(toItem);
      return { records, hasMore: items.length >= pageSize };
    },

    async createItems(call, items): Promise<ProviderItem[]> {
      if (items.length === 0) return [];
      // QuickBooks requires an income account on a sold item: the one mapped, else the first income one.
      let fallbackAccount: string | undefined;
      if (items.some((item) => !item.salesAccountCode)) {
        const [income] = await api.query<QuickBooksAccount>(
          call,
          'Account',
          "select * from Account where AccountType = 'Income' and Active = true maxresults 1",
        );
        fallbackAccount = income?.Id;
      }
      const names = await newItemNames(api, call, items);
      const made: ProviderItem[] = [];
      for (const [index, item] of items.entries()) {
        const body = newItemOf(item, names[index]!, item.salesAccountCode ?? fallbackAccount);
        const answer = await api.write<QuickBooksItem>(call, 'Item', body, {
          requestId: requestIdOf(call.idempotencyKey, `item ${index}`),
        });
        made.push(toItem(answer));
      }
      return made;
    },
  };
}

function newItemOf(item: NewProviderItem, name: string, incomeAccountId: string | undefined) {
  return {
    Name: name,
    Sku: item.code,
    Description: item.name,
    // Goods Tradeport sells without QuickBooks tracking their stock.
    Type: 'NonInventory',
    ...(incomeAccountId ? { IncomeAccountRef: { value: incomeAccountId } } : {}),
    ...(item.unitPriceCents === null ? {} : { UnitPrice: item.unitPriceCents / 100 }),
    ...(item.salesTaxId ? { SalesTaxCodeRef: { value: item.salesTaxId } } : {}),
  };
}
