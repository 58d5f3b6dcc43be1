import {
  type Customer,
  type CurrentUser,
  getCurrentUser,
  type GroupCustomer,
  type GroupSummary,
  listCustomers,
  pricingTierEndpoints,
  type ProductSearchResult,
  searchProducts,
  visibilityGroupEndpoints,
} from '@tradeport/contract';
import { vi } from 'vitest';
import { type FakeHandler, type FakeRequest, fakeFetch, route } from '#testing/fake-api.ts';
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

const notFound = () => json(404, { error_code: 'NOT_FOUND', message: 'Not found' });
const byName =
  <T,>(name: (row: T) => string) =>
  (a: T, b: T) =>
    name(a).localeCompare(name(b));

/** A page of `rows` for the request's search, limit and cursor (the cursor is the next index). */
function pageOf<T>(request: FakeRequest, rows: T[], name: (row: T) => string) {
  const search = request.query.get('search')?.toLowerCase();
  const limit = Number(request.query.get('limit') ?? 25);
  const start = Number(request.query.get('cursor') ?? 0);
  const matching = [...rows]
    .sort(byName(name))
    .filter((row) => !search || name(row).toLowerCase().includes(search));
  const next = start + limit < matching.length ? String(start + limit) : null;
  return json(200, { items: matching.slice(start, start + limit), next_cursor: next });
}

/**
 * One kind's API over in-memory records, so a change shows in what is read after it. `handlers`
 * (keyed by `route(endpoint, params)`) answer instead, for refusals. Everything sent is kept for
 * `requestsTo`.
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

  const endpoints = kind.segment === 'pricing' ? pricingTierEndpoints : visibilityGroupEndpoints;
  const organisation = { id: harbour.id };
  /** The record a request names, or undefined (a 404) when there is none. */
  const groupOf = (request: FakeRequest) => groups.find((candidate) => candidate.id === request.params.gid);
  const inGroup =
    (handler: (request: FakeRequest, gid: string, group: GroupSummary) => Response): FakeHandler =>
    (request) => {
      const group = groupOf(request);
      return group ? handler(request, group.id, group) : notFound();
    };

  // Keyed by the contract's endpoints for any tier or group id; a test's `handlers` for one record win.
  const routes: Record<string, FakeHandler> = {
    [route(getCurrentUser)]: () => json(200, options.user ?? merchantUser),
    [route(searchProducts, organisation)]: (request) => {
      const q = request.query.get('q')?.toLowerCase() ?? '';
      return json(200, { items: (options.catalogue ?? []).filter((p) => p.name.toLowerCase().includes(q)) });
    },
    [route(listCustomers, organisation)]: (request) =>
      pageOf(request, options.customers ?? [], (c) => c.title),
    [route(endpoints.list, organisation)]: (request) =>
      pageOf(request, groups.map(summary), (group) => group.name),
    [route(endpoints.create, organisation)]: (request) => {
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
    },
    [route(endpoints.get)]: inGroup((_request, _gid, group) => json(200, summary(group))),
    [route(endpoints.update)]: inGroup((request, gid, group) => {
      const edit = request.body as { name: string; description: string | null; version: number };
      if (edit.version !== group.version)
        return json(409, {
          error_code: 'CONFLICT',
          message: 'Someone else changed this since you opened it. Reload to see their changes.',
        });
      if (nameTaken(edit.name, gid)) return duplicate(edit.name);
      const saved = { ...group, name: edit.name, description: edit.description, version: group.version + 1 };
      groups = groups.map((candidate) => (candidate.id === gid ? saved : candidate));
      return json(200, summary(saved));
    }),
    [route(endpoints.remove)]: inGroup((_request, gid) => {
      groups = groups.filter((candidate) => candidate.id !== gid);
      return json(200, { deleted: true });
    }),
    [route(endpoints.listItems)]: inGroup((request, gid) =>
      pageOf(request, items[gid] ?? [], (item) => item.name),
    ),
    [route(endpoints.setItems)]: inGroup((request, gid) => {
      const body = request.body as Record<string, unknown>;
      const entries =
        kind.segment === 'pricing'
          ? (body.items as { product_id: string; price_cents: number }[])
          : (body.product_ids as string[]).map((product_id) => ({ product_id, price_cents: undefined }));
      const changed = entries.map((entry) => putItem(gid, entry.product_id, entry.price_cents));
      return changed.every(Boolean) ? json(200, { changed: changed.length }) : notFound();
    }),
    [route(endpoints.setItem)]: inGroup((request, gid) => {
      const body = request.body as { product_id: string; price_cents?: number };
      const item = putItem(gid, body.product_id, body.price_cents);
      return item ? json(200, item) : notFound();
    }),
    [route(endpoints.removeProduct)]: inGroup((request, gid) => {
      items[gid] = (items[gid] ?? []).filter((item) => item.product_id !== request.params.pid);
      return json(200, { deleted: true });
    }),
    [route(endpoints.listCustomers)]: inGroup((request, gid) =>
      pageOf(request, members[gid] ?? [], (customer) => customer.title),
    ),
    [route(endpoints.addCustomer)]: inGroup((request, gid) => {
      const cid = request.params.cid;
      const customer = options.customers?.find((candidate) => candidate.id === cid);
      if (!customer) return notFound();
      // A customer is in one tier at most: putting it in one takes it out of the others.
      if (kind.segment === 'pricing')
        for (const id of Object.keys(members))
          members[id] = members[id]!.filter((m) => m.customer_id !== cid);
      (members[gid] ??= []).push(memberOf(customer));
      return json(200, memberOf(customer));
    }),
    [route(endpoints.removeCustomer)]: inGroup((request, gid) => {
      members[gid] = (members[gid] ?? []).filter((member) => member.customer_id !== request.params.cid);
      return json(200, { deleted: true });
    }),
    ...options.handlers,
  };

  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.stub);
  return { fetchMock: fake.stub, requests: fake.requests, requestsTo: fake.requestsTo };
}
