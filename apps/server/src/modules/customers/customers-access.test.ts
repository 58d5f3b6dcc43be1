import type { Customer } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestMailTo, type TestApp } from '../../testing/index.ts';
import { customerTestKit, details, type Headers, type Method } from './customers.testing.ts';

// Companion of customers.test.ts: the session, tenancy and input checks every merchant customer
// endpoint shares, run over all nine of them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, newMerchant, memberOf, addCustomer } = customerTestKit(() => t);

const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path).sort();

// Every merchant endpoint, for the checks that hold for all of them.
type Call = {
  name: string;
  method: Method;
  path: (organisationId: string, customerId: string) => string;
  body?: object;
  hasCustomerId: boolean;
};
const CALLS: Call[] = [
  {
    name: 'listCustomers',
    method: 'GET',
    path: (o) => `/organisations/${o}/customers`,
    hasCustomerId: false,
  },
  {
    name: 'createCustomer',
    method: 'POST',
    path: (o) => `/organisations/${o}/customers`,
    body: details({ title: 'Intruder Pty Ltd' }),
    hasCustomerId: false,
  },
  {
    name: 'getHouseAccount',
    method: 'GET',
    path: (o) => `/organisations/${o}/customers/house-accounts`,
    hasCustomerId: false,
  },
  {
    name: 'getCustomer',
    method: 'GET',
    path: (o, c) => `/organisations/${o}/customers/${c}`,
    hasCustomerId: true,
  },
  {
    name: 'updateCustomer',
    method: 'PUT',
    path: (o, c) => `/organisations/${o}/customers/${c}`,
    body: { ...details({ title: 'Hijacked' }), archived: true, version: 1 },
    hasCustomerId: true,
  },
  {
    name: 'getCustomerSettings',
    method: 'GET',
    path: (o, c) => `/organisations/${o}/customer/${c}/settings`,
    hasCustomerId: true,
  },
  {
    name: 'updateCustomerSettings',
    method: 'PUT',
    path: (o, c) => `/organisations/${o}/customer/${c}/settings`,
    body: { is_payments_enabled: true, payment_terms_days: 0, credit_limit_cents: 1 },
    hasCustomerId: true,
  },
  {
    name: 'listCustomerUsers',
    method: 'GET',
    path: (o, c) => `/organisations/${o}/customers/${c}/users`,
    hasCustomerId: true,
  },
  {
    name: 'inviteCustomerUser',
    method: 'POST',
    path: (o, c) => `/organisations/${o}/customers/${c}/users`,
    body: { email: 'intruder@example.test', user_level: 'Admin' },
    hasCustomerId: true,
  },
];

describe('every merchant customer endpoint', () => {
  let owner: Awaited<ReturnType<typeof newMerchant>>;
  let customer: Customer;
  beforeAll(async () => {
    owner = await newMerchant('Owner Merchant');
    customer = await addCustomer(owner.base, owner.admin.headers, { title: 'Owned Customer' });
  });

  const send = (call: Call, headers: Headers, organisationId: string, customerId: string) =>
    api(call.method, call.path(organisationId, customerId), headers, call.body);

  const statusesOf = async (calls: Call[], headers: Headers, organisationId: string, customerId: string) => {
    const statuses: Record<string, number> = {};
    for (const call of calls)
      statuses[call.name] = (await send(call, headers, organisationId, customerId)).statusCode;
    return statuses;
  };
  const every = (calls: Call[], status: number) => Object.fromEntries(calls.map((c) => [c.name, status]));

  /** What the owner sees of its customers, to show a refused call changed nothing. */
  async function ownerView() {
    const { headers } = owner.admin;
    const id = owner.merchant.id;
    return {
      list: (await api('GET', `${owner.base}?status=all`, headers)).json(),
      customer: (await api('GET', `${owner.base}/${customer.id}`, headers)).json(),
      settings: (await api('GET', `/organisations/${id}/customer/${customer.id}/settings`, headers)).json(),
      users: (await api('GET', `${owner.base}/${customer.id}/users`, headers)).json(),
      intruderMail: (await latestMailTo(t.database.db, { to: 'intruder@example.test' })) ?? null,
    };
  }

  it('needs a session', async () => {
    expect(await statusesOf(CALLS, {}, owner.merchant.id, customer.id)).toEqual(every(CALLS, 401));
  });

  it('answers another merchant’s organisation and customer ids with 404 and changes nothing', async () => {
    const before = await ownerView();
    expect(before.customer.title).toBe('Owned Customer');
    const other = await newMerchant('Other Merchant');
    expect(await statusesOf(CALLS, other.admin.headers, owner.merchant.id, customer.id)).toEqual(
      every(CALLS, 404),
    );
    const withCustomerId = CALLS.filter((c) => c.hasCustomerId);
    expect(await statusesOf(withCustomerId, other.admin.headers, other.merchant.id, customer.id)).toEqual(
      every(withCustomerId, 404),
    );
    expect(await ownerView()).toEqual(before);
  });

  it('refuses a member of a customer organisation (403) and hides the merchant from them (404)', async () => {
    const customerPerson = await memberOf(customer.organisation_id, 'Admin');
    const before = await ownerView();
    expect(await statusesOf(CALLS, customerPerson.headers, customer.organisation_id, customer.id)).toEqual(
      every(CALLS, 403),
    );
    expect(await statusesOf(CALLS, customerPerson.headers, owner.merchant.id, customer.id)).toEqual(
      every(CALLS, 404),
    );
    expect(await ownerView()).toEqual(before);
  });

  it('refuses malformed input with a field error', async () => {
    const { headers } = owner.admin;
    const id = owner.merchant.id;
    const cases: [string, Method, string, object | undefined, string][] = [
      ['listCustomers', 'GET', `/organisations/${id}/customers?limit=0`, undefined, 'querystring.limit'],
      [
        'listCustomers',
        'GET',
        `/organisations/${id}/customers?status=deleted`,
        undefined,
        'querystring.status',
      ],
      [
        'createCustomer',
        'POST',
        `/organisations/${id}/customers`,
        details({ postcode: '20' }),
        'body.postcode',
      ],
      [
        'getHouseAccount',
        'GET',
        '/organisations/not-a-uuid/customers/house-accounts',
        undefined,
        'params.id',
      ],
      ['getCustomer', 'GET', `/organisations/${id}/customers/not-a-uuid`, undefined, 'params.cid'],
      [
        'updateCustomer',
        'PUT',
        `/organisations/${id}/customers/${customer.id}`,
        { ...details(), archived: false, version: 0 },
        'body.version',
      ],
      [
        'getCustomerSettings',
        'GET',
        `/organisations/${id}/customer/not-a-uuid/settings`,
        undefined,
        'params.cid',
      ],
      [
        'updateCustomerSettings',
        'PUT',
        `/organisations/${id}/customer/${customer.id}/settings`,
        { is_payments_enabled: 'yes', payment_terms_days: 14, credit_limit_cents: null },
        'body.is_payments_enabled',
      ],
      ['listCustomerUsers', 'GET', `/organisations/${id}/customers/12345/users`, undefined, 'params.cid'],
      [
        'inviteCustomerUser',
        'POST',
        `/organisations/${id}/customers/${customer.id}/users`,
        { email: 'someone@example.test', user_level: 'Owner' },
        'body.user_level',
      ],
    ];
    const before = await ownerView();
    for (const [name, method, url, body, path] of cases) {
      const response = await api(method, url, headers, body);
      expect({ name, status: response.statusCode, paths: pathsOf(response.json()) }).toEqual({
        name,
        status: 400,
        paths: [path],
      });
    }
    expect(await ownerView()).toEqual(before);
  });
});
