import { randomUUID } from 'node:crypto';
import { prepareContact, prepareItem } from './stand-in-contacts.ts';
import {
  changeInvoiceStatus,
  prepareCreditNote,
  prepareInvoice,
  prepareInvoiceUpdate,
  voidCreditNote,
} from './stand-in-documents.ts';
import type { createIdempotencyCache, createRateLimiter } from './stand-in-guards.ts';
import {
  elementsOf,
  type Exchange,
  forbidden,
  invalid,
  notFound,
  parseJson,
  sendJson,
  validationError,
  xeroDate,
} from './stand-in-http.ts';
import { deletePayment, prepareAllocation, preparePayment } from './stand-in-payments.ts';
import { type Books, organisationOf, type Store } from './stand-in-store.ts';
import type { TokenStore } from './stand-in-tokens.ts';
import { listOf } from './stand-in-where.ts';

// The Accounting API (api.xero.com/api.xro/2.0/…) over HTTP: the token and tenant checks, the
// tenant's minute limit, Idempotency-Key replays of writes, Xero's envelopes
// (`{Id, Status: 'OK', …, Invoices: [...]}`), and each resource's GETs and writes. A batch is
// all-or-nothing: one element that fails validation fails it, and nothing is saved.

export const ACCOUNTING_PREFIX = '/api.xro/2.0';

type Context = { books: Books; body: unknown; query: URLSearchParams; now: number; found: RegExpExecArray };
type Prepared<T> = { messages: string[]; save: () => T };
type Route = {
  method: 'GET' | 'WRITE';
  methods?: string[];
  path: RegExp;
  run: (context: Context) => unknown;
};

const envelope = (collection: string, list: unknown[], now: number, extra: object = {}) => ({
  Id: randomUUID(),
  Status: 'OK',
  ProviderName: 'Tradeport',
  DateTimeUTC: xeroDate(now),
  ...extra,
  [collection]: list,
});

/** Every element checked first; any failure refuses the batch with all the failures. */
function batch<T>(
  collection: string,
  elements: Record<string, unknown>[],
  now: number,
  prepare: (element: Record<string, unknown>) => Prepared<T>,
) {
  const prepared = elements.map(prepare);
  const failures = prepared
    .map((entry, index) => ({ element: elements[index], messages: entry.messages }))
    .filter((failure) => failure.messages.length > 0);
  if (failures.length > 0) throw validationError(failures);
  return envelope(
    collection,
    prepared.map((entry) => entry.save()),
    now,
  );
}

function one<T>(map: Map<string, T>, id: string, byNumber?: (record: T) => unknown): T {
  const found =
    map.get(id) ?? (byNumber ? [...map.values()].find((record) => byNumber(record) === id) : undefined);
  if (!found) throw notFound();
  return found;
}

const get = (path: RegExp, run: Route['run']): Route => ({ method: 'GET', path, run });
const write = (methods: string[], path: RegExp, run: Route['run']): Route => ({
  method: 'WRITE',
  methods,
  path,
  run,
});

/** The list GETs: `page` adds Xero's pagination; without it, invoices come without their lines, as at Xero. */
function listing(
  collection: string,
  records: Iterable<object>,
  c: Context,
  lists: Record<string, string>,
  searchFields?: string[],
) {
  const { list, pagination } = listOf(records, c.query, { lists, searchFields });
  const shown =
    collection === 'Invoices' && !pagination
      ? list.map((record) => ({ ...record, LineItems: undefined }))
      : list;
  return envelope(collection, shown, c.now, pagination ? { pagination } : {});
}

const ROUTES: Route[] = [
  get(/^\/Organisation$/, (c) => envelope('Organisations', [organisationOf(c.books)], c.now)),
  get(/^\/Accounts$/, (c) => listing('Accounts', c.books.accounts, c, { IDs: 'AccountID' })),
  get(/^\/Accounts\/([^/]+)$/, (c) => {
    const found = c.books.accounts.find((account) => account.AccountID === c.found[1]);
    if (!found) throw notFound();
    return envelope('Accounts', [found], c.now);
  }),
  get(/^\/TaxRates$/, (c) => listing('TaxRates', c.books.taxRates, c, { TaxType: 'TaxType' })),

  get(/^\/Contacts$/, (c) =>
    listing('Contacts', c.books.contacts.values(), c, { IDs: 'ContactID' }, [
      'Name',
      'FirstName',
      'LastName',
      'EmailAddress',
      'ContactNumber',
      'CompanyNumber',
    ]),
  ),
  get(/^\/Contacts\/([^/]+)$/, (c) =>
    envelope('Contacts', [one(c.books.contacts, c.found[1]!, (x) => x.ContactNumber)], c.now),
  ),
  write(['PUT', 'POST'], /^\/Contacts$/, (c) => {
    const taken = new Set<string>();
    return batch('Contacts', elementsOf(c.body, 'Contacts'), c.now, (element) =>
      prepareContact(c.books, element, c.now, taken),
    );
  }),
  write(['POST'], /^\/Contacts\/([^/]+)$/, (c) => {
    const contact = one(c.books.contacts, c.found[1]!);
    const [element = {}] = elementsOf(c.body, 'Contacts');
    return batch('Contacts', [{ ...element, ContactID: contact.ContactID }], c.now, (e) =>
      prepareContact(c.books, e, c.now, new Set()),
    );
  }),

  get(/^\/Items$/, (c) => listing('Items', c.books.items.values(), c, { IDs: 'ItemID' })),
  get(/^\/Items\/([^/]+)$/, (c) =>
    envelope('Items', [one(c.books.items, c.found[1]!, (x) => x.Code)], c.now),
  ),
  write(['PUT', 'POST'], /^\/Items$/, (c) => {
    const taken = new Set<string>();
    return batch('Items', elementsOf(c.body, 'Items'), c.now, (element) =>
      prepareItem(c.books, element, c.now, taken),
    );
  }),
  write(['POST'], /^\/Items\/([^/]+)$/, (c) => {
    const item = one(c.books.items, c.found[1]!, (x) => x.Code);
    const [element = {}] = elementsOf(c.body, 'Items');
    return batch('Items', [{ ...element, ItemID: item.ItemID }], c.now, (e) =>
      prepareItem(c.books, e, c.now, new Set()),
    );
  }),

  get(/^\/Invoices$/, (c) =>
    listing('Invoices', c.books.invoices.values(), c, {
      IDs: 'InvoiceID',
      InvoiceNumbers: 'InvoiceNumber',
      Statuses: 'Status',
    }),
  ),
  get(/^\/Invoices\/([^/]+)$/, (c) =>
    envelope('Invoices', [one(c.books.invoices, c.found[1]!, (x) => x.InvoiceNumber)], c.now),
  ),
  write(['PUT', 'POST'], /^\/Invoices$/, (c) => {
    const elements = elementsOf(c.body, 'Invoices');
    // POST with an InvoiceID changes that invoice (here: its Status); without one it creates.
    if (elements.length === 1 && elements[0]!.InvoiceID)
      return changeStatus(c, String(elements[0]!.InvoiceID), elements[0]!);
    return batch('Invoices', elements, c.now, (element) => prepareInvoice(c.books, element, c.now));
  }),
  write(['POST'], /^\/Invoices\/([^/]+)$/, (c) =>
    changeStatus(c, c.found[1]!, elementsOf(c.body, 'Invoices')[0] ?? {}),
  ),

  get(/^\/Payments$/, (c) => listing('Payments', c.books.payments.values(), c, { IDs: 'PaymentID' })),
  get(/^\/Payments\/([^/]+)$/, (c) => envelope('Payments', [one(c.books.payments, c.found[1]!)], c.now)),
  write(['PUT', 'POST'], /^\/Payments$/, (c) =>
    batch('Payments', elementsOf(c.body, 'Payments'), c.now, (element) =>
      preparePayment(c.books, element, c.now),
    ),
  ),
  write(['POST'], /^\/Payments\/([^/]+)$/, (c) => {
    const payment = one(c.books.payments, c.found[1]!);
    const [element = {}] = elementsOf(c.body, 'Payments');
    const refusal = deletePayment(c.books, payment, element.Status, c.now);
    if (refusal) throw invalid(element, refusal);
    return envelope('Payments', [payment], c.now);
  }),

  get(/^\/CreditNotes$/, (c) =>
    listing('CreditNotes', c.books.creditNotes.values(), c, { IDs: 'CreditNoteID' }),
  ),
  get(/^\/CreditNotes\/([^/]+)$/, (c) =>
    envelope('CreditNotes', [one(c.books.creditNotes, c.found[1]!, (x) => x.CreditNoteNumber)], c.now),
  ),
  write(['PUT', 'POST'], /^\/CreditNotes$/, (c) =>
    batch('CreditNotes', elementsOf(c.body, 'CreditNotes'), c.now, (element) =>
      prepareCreditNote(c.books, element, c.now),
    ),
  ),
  write(['POST'], /^\/CreditNotes\/([^/]+)$/, (c) => {
    const note = one(c.books.creditNotes, c.found[1]!, (x) => x.CreditNoteNumber);
    const [element = {}] = elementsOf(c.body, 'CreditNotes');
    const refusal = voidCreditNote(note, element.Status, c.now);
    if (refusal) throw invalid(element, refusal);
    return envelope('CreditNotes', [note], c.now);
  }),
  write(['PUT'], /^\/CreditNotes\/([^/]+)\/Allocations$/, (c) => {
    const note = one(c.books.creditNotes, c.found[1]!);
    return batch('Allocations', elementsOf(c.body, 'Allocations'), c.now, (element) =>
      prepareAllocation(c.books, note, element, c.now),
    );
  }),
];

/** A Status alone moves it (approve, void, delete); with its contents, it is edited whole. */
function changeStatus(c: Context, id: string, element: Record<string, unknown>) {
  const invoice = one(c.books.invoices, id, (x) => x.InvoiceNumber);
  const others = Object.keys(element).filter(
    (key) => !['InvoiceID', 'InvoiceNumber', 'Status'].includes(key),
  );
  if (others.length > 0) {
    return batch('Invoices', [element], c.now, (e) => prepareInvoiceUpdate(c.books, invoice, e, c.now));
  }
  const refusal = changeInvoiceStatus(invoice, element.Status, c.now);
  if (refusal) throw invalid(element, refusal);
  return envelope('Invoices', [invoice], c.now);
}

export function accountingRoutes(options: {
  store: Store;
  tokens: TokenStore;
  limiter: ReturnType<typeof createRateLimiter>;
  idempotency: ReturnType<typeof createIdempotencyCache>;
  now: () => number;
}) {
  return function accounting({ request, response, method, url, body }: Exchange): boolean {
    if (!url.pathname.startsWith(`${ACCOUNTING_PREFIX}/`)) return false;
    const path = url.pathname.slice(ACCOUNTING_PREFIX.length);
    const grant = options.tokens.grantOf(request.headers.authorization);
    const tenantId = request.headers['xero-tenant-id'];
    const connection = grant.connections.find((candidate) => candidate.tenantId === tenantId);
    if (!connection) throw forbidden();
    const { remaining } = options.limiter.take(connection.tenantId);
    const headers = {
      'x-minlimit-remaining': String(remaining),
      'x-daylimit-remaining': '4999',
      'x-appminlimit-remaining': '9999',
    };
    const isWrite = method === 'PUT' || method === 'POST';
    let route: Route | undefined;
    let found: RegExpExecArray | null = null;
    for (const candidate of ROUTES) {
      const allowed = candidate.method === 'GET' ? method === 'GET' : candidate.methods!.includes(method);
      found = allowed ? candidate.path.exec(path) : null;
      if (found) {
        route = candidate;
        break;
      }
    }
    if (!route || !found) throw notFound();
    const match = found;
    const context = (): Context => ({
      books: options.store.books({ tenantId: connection.tenantId, tenantName: connection.tenantName }),
      body: isWrite ? parseJson(body) : undefined,
      query: url.searchParams,
      now: options.now(),
      found: match,
    });
    if (!isWrite) return (sendJson(response, 200, route.run(context()), headers), true);
    const key = request.headers['idempotency-key'];
    const answer = options.idempotency.run(connection.tenantId, typeof key === 'string' ? key : null, () => ({
      status: 200,
      body: route.run(context()),
    }));
    sendJson(
      response,
      answer.status,
      answer.body,
      answer.replayed ? { ...headers, 'idempotent-replayed': 'true' } : headers,
    );
    return true;
  };
}
