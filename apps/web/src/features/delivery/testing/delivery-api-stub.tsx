import {
  assignShippingMethodCustomers,
  type Customer,
  type CurrentUser,
  createShippingMethod,
  deleteShippingMethod,
  getCurrentUser,
  type GroupCustomer,
  listCustomers,
  listShippingMethodCustomers,
  listShippingMethods,
  type ShippingMethod,
  unassignShippingMethodCustomer,
  updateShippingMethod,
} from '@tradeport/contract';
import { vi } from 'vitest';
import { type FakeHandler, type FakeRequest, fakeFetch, route } from '#testing/fake-api.ts';
import { idOf, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse as json, renderAsMerchant } from '#testing/render-routes.tsx';
import { customerFixture, memberOf } from '#shared/product-groups/testing/group-fixtures.ts';
import { DeliveryScreen } from '../screens/delivery-screen.tsx';

export { json };

export function methodFixture(
  overrides: Partial<ShippingMethod> & { id: string; name: string },
): ShippingMethod {
  return {
    kind: 'DELIVERY',
    fee_cents: 0,
    fee_bands: [],
    free_above_cents: null,
    minimum_order_cents: null,
    weekdays: [],
    lead_days: 1,
    cut_off_minutes: null,
    is_available_to_all: true,
    is_active: true,
    customer_count: 0,
    version: 1,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export const alphaCafe = customerFixture({ id: idOf(301), title: 'Alpha Café' });
export const bravoBistro = customerFixture({ id: idOf(302), title: 'Bravo Bistro' });

/**
 * The delivery API over an in-memory store, so a save shows in the list read after it.
 * `handlers` replace any answer by its route key.
 */
export function stubDeliveryApi(options: {
  methods: ShippingMethod[];
  assigned?: Record<string, GroupCustomer[]>;
  customers?: Customer[];
  user?: CurrentUser;
  handlers?: Record<string, FakeHandler>;
}) {
  let methods = [...options.methods];
  const assigned: Record<string, GroupCustomer[]> = { ...options.assigned };
  const customers = options.customers ?? [alphaCafe, bravoBistro];
  let nextId = 900;
  const notFound = () => json(404, { error_code: 'NOT_FOUND', message: 'Delivery method not found.' });
  const find = (request: FakeRequest) => methods.find((method) => method.id === request.params.mid);

  const fake = fakeFetch({
    [route(getCurrentUser)]: () => json(200, options.user ?? merchantUser),
    [route(listShippingMethods)]: () =>
      json(200, {
        items: [...methods].sort((a, b) => a.name.localeCompare(b.name)),
        next_cursor: null,
        time_zone: 'Australia/Perth',
      }),
    [route(createShippingMethod)]: (request) => {
      const method = methodFixture({ ...(request.body as ShippingMethod), id: idOf(nextId++) });
      methods.push(method);
      return json(201, method);
    },
    [route(updateShippingMethod)]: (request) => {
      const method = find(request);
      if (!method) return notFound();
      const { version, ...body } = request.body as ShippingMethod;
      if (version !== method.version) {
        return json(409, {
          error_code: 'CONFLICT',
          message:
            'Someone else changed this delivery method since you opened it. Reload to see their changes.',
        });
      }
      const saved = { ...method, ...body, version: method.version + 1 };
      methods = methods.map((m) => (m.id === method.id ? saved : m));
      return json(200, saved);
    },
    [route(deleteShippingMethod)]: (request) => {
      if (!find(request)) return notFound();
      methods = methods.filter((method) => method.id !== request.params.mid);
      return json(200, { deleted: true });
    },
    [route(listShippingMethodCustomers)]: (request) =>
      json(200, { items: assigned[request.params.mid!] ?? [], next_cursor: null }),
    [route(assignShippingMethodCustomers)]: (request) => {
      const ids = (request.body as { customer_ids: string[] }).customer_ids;
      const list = (assigned[request.params.mid!] ??= []);
      for (const id of ids) list.push(memberOf(customers.find((c) => c.id === id)!));
      return json(200, { changed: ids.length });
    },
    [route(unassignShippingMethodCustomer)]: (request) => {
      assigned[request.params.mid!] = (assigned[request.params.mid!] ?? []).filter(
        (c) => c.customer_id !== request.params.cid,
      );
      return json(200, { deleted: true });
    },
    [route(listCustomers)]: (request) => {
      const search = request.query.get('search')?.toLowerCase() ?? '';
      return json(200, {
        items: customers.filter((c) => c.title.toLowerCase().includes(search)),
        next_cursor: null,
      });
    },
    ...options.handlers,
  });
  vi.stubGlobal('fetch', fake.stub);
  return fake;
}

/** A signed-in member of Harbour Wholesale on /delivery. */
export function renderDelivery() {
  return renderAsMerchant([{ path: '/delivery', element: <DeliveryScreen /> }], '/delivery');
}
