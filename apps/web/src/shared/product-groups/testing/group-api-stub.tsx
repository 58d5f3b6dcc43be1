import type {
  Customer,
  CurrentUser,
  GroupCustomer,
  GroupSummary,
  ProductSearchResult,
} from '@tradeport/contract';
import { vi } from 'vitest';
import type { FakeHandler, FakeRequest } from '#testing/fake-api.ts';
import { harbour, idOf, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse as json } from '#testing/render-routes.tsx';
import { memberOf } from './group-fixtures.ts';

export { json };

/** A product in a tier (with `price_cents`) or a group (without). */
type Item = {
  product_id: string;
  name: string;
  sku: string;
  is_active: boolean;
  base_price_cents?: number;
  price_cents?: number;
};
type Kind = { segment: 'pricing' | 'visibility'; member: 'tier' | 'group' };

export const collectionPath = (kind: Kind) => `/api/v1/products/${kind.segment}/organisation/${harbour.id}`;
export const recordPath = (kind: Kind, id: string) => `${collectionPath(kind)}/${kind.member}/${id}`;
export const SEARCH_PRODUCTS_PATH = `/api/v1/products/organisation/${harbour.id}/search`;
export const CUSTOMERS_PATH = `/api/v1/organisations/${harbour.id}/customers`;

const notFound = () => json(404, { error_code: 'NOT_FOUND', message: 'Not found' });
const byName =
  <T,>(name: (row: T) => string) =>
  (a: T, b: T) =>
    name(a).localeCompare(name(b));

/** A page of `rows` for the request's search, limit and cursor (the cursor is the next index). */
function pageOf<T>(request: FakeRequest, rows: T[], name: (row: T) => string) {
  const url = new URL(request.url, 'http://localhost');
  const search = url.searchParams.get('search')?.toLowerCase();
  const limit = Number(url.searchParams.get('limit') ?? 25);
  const start = Number(url.searchParams.get('cursor') ?? 0);
  const matching = [...rows]
    .sort(byName(name))
    .filter((row) => !search || name(row).toLowerCase().includes(search));
  const next = start + limit < matching.length ? String(start + limit) : null;
  return json(200, { items: matching.slice(start, start + limit), next_cursor: next });
}

/**
 * One kind's API over in-memory records, so a change shows in what is read after it. `handlers`
 * ("METHOD /path") answer instead, for refusals. Everything sent is kept for `requestsTo`.
 */
export function stubGroupApi(options: {
  kind: Kind;
  groups: GroupSummary[];
  items?: Record<string, Item[]>;
  members?: Record<string, GroupCustomer[]>;
  catalogue?: ProductSearchResult[];
  customers?: Customer[];
  user?: CurrentUser;
  handlers?: Record<string, FakeHandler>;
}) {
  const { kind } = options;
  let groups = [...options.groups];
  const items: Record<string, Item[]> = structuredClone(options.items ?? {});
  const members: Record<string, GroupCustomer[]> = structuredClone(options.members ?? {});
  const requests: FakeRequest[] = [];
  let nextId = 900;

  const summary = (group: GroupSummary): GroupSummary => ({
    ...group,
    product_count: items[group.id]?.length ?? group.product_count,
    customer_count: members[group.id]?.length ?? group.customer_count,
  });
  const nameTaken = (name: string, except?: string) =>
    groups.some((group) => group.id !== except && group.name.toLowerCase() === name.toLowerCase());
  const duplicate = (name: string) => {
    const message = `A ${kind.segment === 'pricing' ? 'pricing tier' : 'visibility group'} named “${name}” already exists`;
    return json(409, { error_code: 'CONFLICT', message, details: [{ path: 'body.name', message }] });
  };
  const putItem = (gid: string, productId: string, price?: number) => {
    const product = options.catalogue?.find((candidate) => candidate.id === productId);
    const list = (items[gid] ??= []);
    const existing = list.find((item) => item.product_id === productId);
    if (existing) {
      if (price !== undefined) existing.price_cents = price;
      return existing;
    }
    if (!product) return undefined;
    const item: Item = {
      product_id: product.id,
      name: product.name,
      sku: product.sku,
      is_active: product.is_active,
    };
    if (kind.segment === 'pricing')
      Object.assign(item, { base_price_cents: product.base_price_cents, price_cents: price });
    list.push(item);
    return item;
  };

  function route(request: FakeRequest): Response {
    const key = `${request.method} ${request.path}`;
    if (key === 'GET /api/v1/users/current') return json(200, options.user ?? merchantUser);
    if (key === `GET ${SEARCH_PRODUCTS_PATH}`) {
      const q = new URL(request.url, 'http://localhost').searchParams.get('q')?.toLowerCase() ?? '';
      return json(200, { items: (options.catalogue ?? []).filter((p) => p.name.toLowerCase().includes(q)) });
    }
    if (key === `GET ${CUSTOMERS_PATH}`) return pageOf(request, options.customers ?? [], (c) => c.title);
    const collection = collectionPath(kind);
    if (key === `GET ${collection}`) return pageOf(request, groups.map(summary), (group) => group.name);
    if (key === `POST ${collection}`) {
      const body = request.body as { name: string; description: string | null };
      if (nameTaken(body.name)) return duplicate(body.name);
      const group = {
        ...body,
        id: idOf(nextId++),
        product_count: 0,
        customer_count: 0,
        version: 1,
        created_at: '2025-06-01T00:00:00.000Z',
      };
      groups.push(group);
      return json(201, group);
    }
    if (!request.path.startsWith(`${collection}/`)) return notFound();
    const match = /^\/(?:tier|group)\/([^/]+)(?:\/([a-z]+))?(?:\/([^/]+))?$/.exec(
      request.path.slice(collection.length),
    );
    const [, gid, rest = '', sub] = match ?? [];
    const group = groups.find((candidate) => candidate.id === gid);
    if (!gid || !group) return notFound();
    const body = request.body as Record<string, unknown>;
    switch (`${request.method} ${rest}`) {
      case 'GET ':
        return json(200, summary(group));
      case 'PUT ': {
        const edit = body as { name: string; description: string | null; version: number };
        if (edit.version !== group.version)
          return json(409, {
            error_code: 'CONFLICT',
            message: 'Someone else changed this since you opened it. Reload to see their changes.',
          });
        if (nameTaken(edit.name, gid)) return duplicate(edit.name);
        const saved = {
          ...group,
          name: edit.name,
          description: edit.description,
          version: group.version + 1,
        };
        groups = groups.map((candidate) => (candidate.id === gid ? saved : candidate));
        return json(200, summary(saved));
      }
      case 'DELETE ':
        groups = groups.filter((candidate) => candidate.id !== gid);
        return json(200, { deleted: true });
      case 'GET items':
        return pageOf(request, items[gid] ?? [], (item) => item.name);
      case 'PUT items': {
        const entries =
          kind.segment === 'pricing'
            ? (body.items as { product_id: string; price_cents: number }[])
            : (body.product_ids as string[]).map((product_id) => ({ product_id, price_cents: undefined }));
        const changed = entries.map((entry) => putItem(gid, entry.product_id, entry.price_cents));
        return changed.every(Boolean) ? json(200, { changed: changed.length }) : notFound();
      }
      case 'PUT item': {
        const item = putItem(gid, body.product_id as string, body.price_cents as number | undefined);
        return item ? json(200, item) : notFound();
      }
      case 'DELETE product':
        items[gid] = (items[gid] ?? []).filter((item) => item.product_id !== sub);
        return json(200, { deleted: true });
      case 'GET customers':
        return pageOf(request, members[gid] ?? [], (customer) => customer.title);
      case 'PUT customer': {
        const customer = options.customers?.find((candidate) => candidate.id === sub);
        if (!customer) return notFound();
        // A customer is in one tier at most: putting it in one takes it out of the others.
        if (kind.segment === 'pricing')
          for (const id of Object.keys(members))
            members[id] = members[id]!.filter((m) => m.customer_id !== sub);
        (members[gid] ??= []).push(memberOf(customer));
        return json(200, memberOf(customer));
      }
      case 'DELETE customer':
        members[gid] = (members[gid] ?? []).filter((member) => member.customer_id !== sub);
        return json(200, { deleted: true });
      default:
        return notFound();
    }
  }

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const path = new URL(url, 'http://localhost').pathname;
    const request = { method, path, url, body, headers: new Headers(init?.headers) };
    requests.push(request);
    const handler = options.handlers?.[`${method} ${path}`];
    return handler ? handler(request) : route(request);
  });
  vi.stubGlobal('fetch', fetchMock);

  /** What was sent to "METHOD /path", oldest first. */
  const requestsTo = (key: string) =>
    requests.filter((request) => `${request.method} ${request.path}` === key);
  return { fetchMock, requests, requestsTo };
}
