import { ACCOUNTING_PROVIDER_NAMES, type AccountingProvider } from '@tradeport/contract';
import type {
  AccountingDirectory,
  BooksCall,
  NewProviderItem,
  ProviderContact,
  ProviderItem,
} from '../../integrations/accounting/accounting-provider.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { idempotencyKeyOf, readAllPages } from './accounting-books.ts';
import { booksNameKey, codeKey } from './accounting-link-matching.ts';
import { customersByIds } from './accounting-link-records.queries.ts';
import {
  findLinks,
  insertLinks,
  type LinkRow,
  linksToExternal,
  type NewLink,
} from './accounting-links.queries.ts';

// Making the links the sync and the bulk actions need: a contact for each customer and an item for
// each product, found free in the books under the same name (code) or made there in one batched
// call, then linked. Safe to run twice at once for the same records: the write's idempotency key
// is derived from what it sends, so the books make it once, and a link made meanwhile wins
// (insert … on conflict do nothing, then read back). Provider failures are thrown as they are.

type Books = {
  db: Db;
  merchantId: string;
  provider: AccountingProvider;
  directory: AccountingDirectory;
  call: BooksCall;
};

/** A customer as its contact is made: name, email and ABN. */
export type ContactDetails = { id: string; name: string; abn: string | null; email: string | null };

/** A product as its item is made. */
export type ItemDetails = {
  id: string;
  name: string;
  sku: string;
  basePriceCents: number;
  isGstApplicable: boolean;
};

/** The sales account and tax rates new items carry (the mapping's), null where not chosen. */
export type ItemDefaults = {
  salesAccountCode: string | null;
  gstTaxId: string | null;
  gstFreeTaxId: string | null;
};

export type Ensured = { links: Map<string, LinkRow>; linked: number; created: number };

/**
 * Links each record to the free book record with the same key (`keyOfRecord`, `keyOfBook`: what
 * the books keep unique, Xero a contact's name among active contacts and an item's code), or to
 * one made for it: `make` creates those in one call, with an idempotency key derived from them.
 */
async function ensureLinks<R extends { id: string }, B extends { id: string }>(options: {
  books: Books;
  kind: 'CONTACT' | 'ITEM';
  records: readonly R[];
  userId: string | null;
  bookRecords: () => Promise<B[]>;
  keyOfRecord: (record: R) => string;
  keyOfBook: (book: B) => string;
  nameOfBook: (book: B) => string;
  /** How the merchant knows the record, in a refusal (its name, its SKU). */
  labelOf: (record: R) => string;
  make: (records: R[], idempotencyKey: string) => Promise<B[]>;
  describe: (record: R) => unknown;
  now: Date;
}): Promise<Ensured> {
  const { db, merchantId, provider } = options.books;
  const scope = { merchantId, provider, kind: options.kind };
  const ids = options.records.map((record) => record.id);
  const before = new Map((await findLinks(db, { ...scope, localIds: ids })).map((row) => [row.localId, row]));
  const missing = options.records.filter((record) => !before.has(record.id));
  if (missing.length === 0) return { links: before, linked: 0, created: 0 };

  const inBooks = await options.bookRecords();
  const taken = await linksToExternal(db, { ...scope, externalIds: inBooks.map((book) => book.id) });
  const free = new Map(
    inBooks.filter((book) => !taken.has(book.id)).map((book) => [options.keyOfBook(book), book]),
  );
  const links: NewLink[] = [];
  const toMake: R[] = [];
  for (const record of missing) {
    const key = options.keyOfRecord(record);
    const found = free.get(key);
    if (found) {
      links.push({ localId: record.id, externalId: found.id, externalName: options.nameOfBook(found) });
      free.delete(key);
    } else {
      toMake.push(record);
    }
  }
  const name = ACCOUNTING_PROVIDER_NAMES[provider];
  const keys = toMake.map(options.keyOfRecord);
  const twice = toMake.filter((_, index) => keys.indexOf(keys[index]!) !== index);
  if (twice.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${name} keeps these unique, and more than one is “${twice.map(options.labelOf).join('”, “')}”: rename one first.`,
    );
  }
  let created = 0;
  if (toMake.length > 0) {
    const key = idempotencyKeyOf({
      merchantId,
      provider,
      kind: options.kind,
      records: toMake.map(options.describe),
    });
    const made = await options.make(toMake, key);
    created = made.length;
    made.forEach((book, index) =>
      links.push({ localId: toMake[index]!.id, externalId: book.id, externalName: options.nameOfBook(book) }),
    );
  }
  const inserted = await insertLinks(db, { ...scope, links, userId: options.userId, now: options.now });
  const after = new Map((await findLinks(db, { ...scope, localIds: ids })).map((row) => [row.localId, row]));
  const unlinked = options.records.filter((record) => !after.has(record.id));
  if (unlinked.length > 0) {
    throw conflict(
      `${unlinked.length} could not be linked: what ${name} has for them was linked to another record meanwhile. Try again.`,
    );
  }
  return { links: after, linked: inserted.length, created };
}

/** Customers' contacts: a free active contact with the same name, else one made with name, email and ABN. */
export function ensureContacts(options: {
  books: Books;
  customers: readonly ContactDetails[];
  userId: string | null;
  now: Date;
}): Promise<Ensured> {
  const { directory, call } = options.books;
  return ensureLinks<ContactDetails, ProviderContact>({
    ...options,
    kind: 'CONTACT',
    records: options.customers,
    bookRecords: async () => (await readAllPages((page) => directory.listContacts(call, { page }))).records,
    keyOfRecord: (customer) => booksNameKey(customer.name),
    keyOfBook: (contact) => booksNameKey(contact.name),
    nameOfBook: (contact) => contact.name,
    labelOf: (customer) => customer.name,
    make: (customers, idempotencyKey) =>
      directory.createContacts(
        { ...call, idempotencyKey },
        customers.map((customer) => ({
          name: customer.name.trim(),
          email: customer.email,
          taxNumber: customer.abn,
        })),
      ),
    describe: (customer) => [customer.id, customer.name, customer.email, customer.abn],
  });
}

/**
 * Products' items: a free item whose code is the SKU, else one made with the SKU as code, the
 * name, the price ex GST, the sales account and the GST or GST-free rate. An item's link keeps its
 * code as the external name: invoice lines name items by code.
 */
export function ensureItems(options: {
  books: Books;
  products: readonly ItemDetails[];
  defaults: ItemDefaults;
  userId: string | null;
  now: Date;
}): Promise<Ensured> {
  const { directory, call } = options.books;
  const itemOf = (product: ItemDetails): NewProviderItem => ({
    code: product.sku,
    name: product.name,
    unitPriceCents: product.basePriceCents,
    salesAccountCode: options.defaults.salesAccountCode,
    salesTaxId: product.isGstApplicable ? options.defaults.gstTaxId : options.defaults.gstFreeTaxId,
  });
  return ensureLinks<ItemDetails, ProviderItem>({
    ...options,
    kind: 'ITEM',
    records: options.products,
    bookRecords: async () => (await readAllPages((page) => directory.listItems(call, { page }))).records,
    keyOfRecord: (product) => codeKey(product.sku),
    keyOfBook: (item) => codeKey(item.code),
    nameOfBook: (item) => item.code,
    labelOf: (product) => product.sku,
    make: (products, idempotencyKey) =>
      directory.createItems({ ...call, idempotencyKey }, products.map(itemOf)),
    describe: (product) => Object.values(itemOf(product)),
  });
}

/**
 * For the sync: each customer account's contact id in the books, linking (and, where the books
 * have no free contact of that name, making) the missing ones first. Links it makes name no user.
 * Any of the merchant's customer accounts (archived, the house account: their orders are sent
 * too); another merchant's is NOT_FOUND.
 */
export async function contactsFor(options: {
  db: Db;
  merchantId: string;
  provider: AccountingProvider;
  directory: AccountingDirectory;
  call: BooksCall;
  customerAccountIds: string[];
  now?: Date;
}): Promise<Map<string, string>> {
  const { db, merchantId, provider } = options;
  const ids = [...new Set(options.customerAccountIds)];
  const linked = await findLinks(db, { merchantId, provider, kind: 'CONTACT', localIds: ids });
  let links = new Map(linked.map((row) => [row.localId, row]));
  if (links.size < ids.length) {
    const customers = await customersByIds(db, { merchantId, ids });
    if (customers.length < ids.length) throw notFound('Customer');
    ({ links } = await ensureContacts({
      books: options,
      customers,
      userId: null,
      now: options.now ?? new Date(),
    }));
  }
  return new Map(ids.map((id) => [id, links.get(id)!.externalId]));
}

/** For the sync: each linked product's item code (products not linked are left out; nothing is made). */
export async function itemCodesFor(options: {
  db: Db;
  merchantId: string;
  provider: AccountingProvider;
  productIds: string[];
}): Promise<Map<string, string>> {
  const rows = await findLinks(options.db, { ...options, kind: 'ITEM', localIds: options.productIds });
  return new Map(rows.map((row) => [row.localId, row.externalName]));
}
