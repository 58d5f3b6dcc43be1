import type { Customer } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestMailTo, type TestApp } from '../../testing/index.ts';
import { customerTestKit, details, type Method } from './customers.testing.ts';

// Companion of customers.test.ts: the input checks of all nine merchant customer endpoints. Who may
// call them is the generated access test's (system/endpoint-access.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, newMerchant, addCustomer } = customerTestKit(() => t);

const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path).sort();

describe('every merchant customer endpoint', () => {
  let owner: Awaited<ReturnType<typeof newMerchant>>;
  let customer: Customer;
  beforeAll(async () => {
    owner = await newMerchant('Owner Merchant');
    customer = await addCustomer(owner.base, owner.admin.headers, { title: 'Owned Customer' });
  });

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
