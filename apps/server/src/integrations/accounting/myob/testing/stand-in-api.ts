import { randomUUID } from 'node:crypto';
import { type Exchange, invalid, myobError, notFound, parseJson, sendJson } from './stand-in-http.ts';
import { collection } from './stand-in-odata.ts';
import {
  createPayment,
  createSettlement,
  deletePayment,
  deleteSale,
  saleOf,
  updateSale,
  accountRef,
} from './stand-in-sales.ts';
import { type Books, nextRowVersion, type Store } from './stand-in-store.ts';
import type { TokenStore } from './stand-in-tokens.ts';

// api.myob.com/accountright/ over HTTP: the company files a token reaches, and in each file the
// endpoints Tradeport uses (Company, GeneralLedger/Account and /TaxCode, Contact/Customer,
// Inventory/Item, Sale/Invoice[/Service], Sale/CustomerPayment, Sale/CreditSettlement). A POST
// answers 201 with the new record's URI in Location and no body; PUT and DELETE answer 200.

export const API_PREFIX = '/accountright';
const ITEM_FIELD_MAX = 30;

type ApiOptions = { store: Store; tokens: TokenStore };
type Answer = { status: number; body?: unknown; created?: string };

function customerOf(books: Books, body: Record<string, unknown>) {
  const isIndividual = body.IsIndividual === true;
  if (!isIndividual && !body.CompanyName) throw invalid('CompanyName is required');
  if (isIndividual && !body.LastName) throw invalid('LastName is required');
  const displayId = typeof body.DisplayID === 'string' && body.DisplayID ? body.DisplayID : '*None';
  if (displayId !== '*None' && [...books.customers.values()].some((c) => c.DisplayID === displayId)) {
    throw invalid(`DisplayID ${displayId} is already used`);
  }
  return {
    IsActive: true,
    ...body,
    UID: randomUUID(),
    DisplayID: displayId,
    IsIndividual: isIndividual,
    RowVersion: nextRowVersion(),
  };
}

function itemOf(books: Books, body: Record<string, unknown>) {
  const number = String(body.Number ?? '');
  const name = String(body.Name ?? '');
  if (!number || number.length > ITEM_FIELD_MAX)
    throw invalid(`Number is required (${ITEM_FIELD_MAX} characters or less)`);
  if (!name || name.length > ITEM_FIELD_MAX)
    throw invalid(`Name is required (${ITEM_FIELD_MAX} characters or less)`);
  if ([...books.items.values()].some((item) => item.Number === number))
    throw invalid(`Item number ${number} is already used`);
  const isSold = body.IsSold === true;
  if (isSold && !body.IncomeAccount) throw invalid('IncomeAccount is required for an item that is sold');
  return {
    IsActive: true,
    ...body,
    UID: randomUUID(),
    Number: number,
    Name: name,
    IsSold: isSold,
    ...(body.IncomeAccount ? { IncomeAccount: accountRef(books, body.IncomeAccount, 'IncomeAccount') } : {}),
    RowVersion: nextRowVersion(),
  };
}

/** One call into a company file: `rest` is the path after /accountright/{cf}/. */
function fileCall(books: Books, method: string, rest: string[], url: URL, raw: string): Answer {
  const path = rest.join('/');
  const body = () => parseJson(raw);
  const list = (records: Iterable<unknown>) => ({ status: 200, body: collection(url, [...records]) });
  const one = (record: unknown) => {
    if (!record) throw notFound();
    return { status: 200, body: record };
  };
  const [kind, sub, third, fourth] = rest;
  if (method === 'GET' && path === 'Company')
    return { status: 200, body: { CompanyName: books.companyName } };
  if (method === 'GET' && path === 'GeneralLedger/Account') return list(books.accounts);
  if (method === 'GET' && path === 'GeneralLedger/TaxCode') return list(books.taxCodes);
  if (kind === 'Contact' && sub === 'Customer') {
    if (method === 'GET' && !third) return list(books.customers.values());
    if (method === 'GET' && third) return one(books.customers.get(third));
    if (method === 'POST' && !third) {
      const customer = customerOf(books, body());
      books.customers.set(customer.UID, customer);
      return { status: 201, created: customer.UID };
    }
  }
  if (kind === 'Inventory' && sub === 'Item') {
    if (method === 'GET' && !third) return list(books.items.values());
    if (method === 'GET' && third) return one(books.items.get(third));
    if (method === 'POST' && !third) {
      const item = itemOf(books, body());
      books.items.set(item.UID, item);
      return { status: 201, created: item.UID };
    }
  }
  if (kind === 'Sale' && sub === 'Invoice') {
    if (method === 'GET' && !third) return list(books.invoices.values());
    if (third !== 'Service') throw notFound();
    if (method === 'GET' && !fourth) return list(books.invoices.values());
    if (method === 'GET') return one(books.invoices.get(fourth!));
    if (method === 'POST' && !fourth) {
      const sale = saleOf(books, body());
      books.invoices.set(sale.UID, sale);
      return { status: 201, created: sale.UID };
    }
    if (method === 'PUT' && fourth) return (updateSale(books, fourth, body()), { status: 200 });
    if (method === 'DELETE' && fourth) return (deleteSale(books, fourth), { status: 200 });
  }
  if (kind === 'Sale' && sub === 'CustomerPayment') {
    if (method === 'GET' && !third) return list(books.payments.values());
    if (method === 'GET') return one(books.payments.get(third!));
    if (method === 'POST' && !third) return { status: 201, created: createPayment(books, body()).UID };
    if (method === 'DELETE' && third) return (deletePayment(books, third), { status: 200 });
  }
  if (kind === 'Sale' && sub === 'CreditSettlement') {
    if (method === 'GET' && !third) return list(books.settlements.values());
    if (method === 'GET') return one(books.settlements.get(third!));
    if (method === 'POST' && !third) return { status: 201, created: createSettlement(books, body()).UID };
    if (method === 'DELETE' && third) {
      if (!books.settlements.delete(third)) throw notFound();
      return { status: 200 };
    }
  }
  throw notFound();
}

export function apiRoutes(options: ApiOptions) {
  return function api({ request, response, method, url, body }: Exchange): boolean {
    if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) return false;
    const grant = options.tokens.grantOf(request.headers.authorization);
    const segments = url.pathname.slice(API_PREFIX.length).split('/').filter(Boolean).map(decodeURIComponent);
    const origin = `${url.protocol}//${url.host}`;
    if (segments.length === 0) {
      if (method !== 'GET') throw notFound();
      const file = grant.file;
      sendJson(response, 200, [
        {
          Id: file.id,
          Name: file.name,
          LibraryPath: file.name,
          ProductVersion: '2025.1',
          ProductLevel: { Code: 30, Name: 'Plus' },
          CheckedOutDate: null,
          CheckedOutBy: null,
          Uri: `${origin}${API_PREFIX}/${file.id}`,
          Country: 'AU',
          SerialNumber: '000000000000',
          UIAccessFlags: 3,
        },
      ]);
      return true;
    }
    const [fileId, ...rest] = segments;
    if (fileId !== grant.file.id) {
      throw myobError(403, 'AccessDenied', 'Access denied: this token does not reach that company file');
    }
    const books = options.store.books(grant.file.id, grant.file.name);
    const answer = fileCall(books, method, rest, url, body);
    if (answer.created) {
      const location = `${origin}${API_PREFIX}/${fileId}/${rest.join('/')}/${answer.created}`;
      response.writeHead(201, { location }).end();
    } else if (answer.body === undefined) {
      response.writeHead(answer.status).end();
    } else {
      sendJson(response, answer.status, answer.body);
    }
    return true;
  };
}
