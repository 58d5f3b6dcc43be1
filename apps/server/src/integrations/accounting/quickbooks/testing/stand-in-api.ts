import type { Books, EntityName } from './stand-in-company.ts';
import { companyInfoOf, ENTITY_NAMES } from './stand-in-company.ts';
import { createCustomer, createItem } from './stand-in-entities.ts';
import type { createRateLimiter, createRequestIdCache } from './stand-in-guards.ts';
import {
  type Exchange,
  fault,
  gatewayFault,
  notFound,
  objectNotFound,
  parseJson,
  sendJson,
  time,
} from './stand-in-http.ts';
import { parseQuery, runQuery } from './stand-in-query.ts';
import { createPayment, deletePayment, saveDocument, voidDocument } from './stand-in-transactions.ts';
import type { TokenStore } from './stand-in-tokens.ts';

// The Accounting API's routes at /v3/company/{realmId}/: companyinfo, query, reading an entity
// by id, and POSTing one (a create, a sparse update, `?operation=void|delete`), each behind the
// Bearer token's grant (which reaches its one company), the realm's minute limit and `requestid`.

export const API_PREFIX = '/v3/company/';

type ApiOptions = {
  books: (realmId: string) => Books | undefined;
  tokens: TokenStore;
  limiter: ReturnType<typeof createRateLimiter>;
  requestIds: ReturnType<typeof createRequestIdCache>;
};

const entityOf = (segment: string): EntityName | undefined =>
  ENTITY_NAMES.find((name) => name.toLowerCase() === segment.toLowerCase());

function post(books: Books, entity: EntityName, operation: string | null, body: Record<string, unknown>) {
  if (operation === 'void' && (entity === 'Invoice' || entity === 'CreditMemo'))
    return voidDocument(books, entity, body);
  if (operation === 'delete' && entity === 'Payment') return deletePayment(books, body);
  if (operation !== null)
    throw fault('2030', 'Invalid ID', `Operation ${operation} is not supported for ${entity}`);
  if (entity === 'Invoice' || entity === 'CreditMemo') return saveDocument(books, entity, body);
  if (body.Id !== undefined)
    throw fault('2030', 'Invalid ID', `Updates to ${entity} are not supported by the stand-in`);
  if (entity === 'Customer') return createCustomer(books, body);
  if (entity === 'Item') return createItem(books, body);
  if (entity === 'Payment') return createPayment(books, body);
  throw fault('2030', 'Invalid ID', `${entity} cannot be created through the API`);
}

export function apiRoutes(options: ApiOptions) {
  return function api({ request, response, method, url, body }: Exchange): boolean {
    if (!url.pathname.startsWith(API_PREFIX)) return false;
    const [realmId, resource, id, ...rest] = url.pathname
      .slice(API_PREFIX.length)
      .split('/')
      .map(decodeURIComponent);
    const grant = options.tokens.grantOf(request.headers.authorization);
    if (!realmId || grant.realmId !== realmId) {
      throw gatewayFault(
        403,
        '3100',
        'ApplicationAuthorizationFailed',
        'The token does not reach this company.',
      );
    }
    const books = options.books(realmId);
    if (!books) throw gatewayFault(403, '3100', 'ApplicationAuthorizationFailed', 'Unknown company.');
    options.limiter.take(realmId);
    if (rest.length > 0 || !resource) throw notFound();

    if (method === 'GET' && resource === 'companyinfo' && id === realmId) {
      return (sendJson(response, 200, { CompanyInfo: companyInfoOf(books), time: time() }), true);
    }
    if (method === 'GET' && resource === 'query' && !id) {
      const query = parseQuery(url.searchParams.get('query') ?? '');
      const entity = entityOf(query.entity);
      if (!entity)
        throw fault('4001', 'Invalid query', `QueryValidationError: Property ${query.entity} not found`);
      const rows = runQuery(query, [...books[entity].values()]);
      const answer =
        rows.length === 0 ? {} : { [entity]: rows, startPosition: query.start, maxResults: rows.length };
      return (sendJson(response, 200, { QueryResponse: answer, time: time() }), true);
    }
    const entity = entityOf(resource);
    if (!entity) throw notFound();
    if (method === 'GET' && id) {
      const found = books[entity].get(id);
      if (!found || found.status === 'Deleted') throw objectNotFound(entity, id);
      return (sendJson(response, 200, { [entity]: found, time: time() }), true);
    }
    if (method === 'POST' && !id) {
      const answer = options.requestIds.run(realmId, url.searchParams.get('requestid'), () => ({
        status: 200,
        body: {
          [entity]: post(books, entity, url.searchParams.get('operation'), parseJson(body)),
          time: time(),
        },
      }));
      return (sendJson(response, answer.status, answer.body), true);
    }
    throw notFound();
  };
}
