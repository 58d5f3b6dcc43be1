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

  // A PUT replaces the details: a field left out is refused (saying what to send), never read as
  // null, so an older client that does not know a field cannot erase it.
  it('refuses an update that leaves out the ABN or contact email, erasing nothing', async () => {
    const { headers } = owner.admin;
    const url = `${owner.base}/${customer.id}`;
    const current = (await api('GET', url, headers)).json() as Customer;
    const saved = await api('PUT', url, headers, {
      ...details({ abn: '53 004 085 616', contact_email: 'accounts@bean.test' }),
      archived: false,
      version: current.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await ownerView();
    for (const left of ['abn', 'contact_email']) {
      const body: Record<string, unknown> = { ...details(), archived: false, version: current.version + 1 };
      delete body[left];
      const response = await api('PUT', url, headers, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { path: `body.${left}`, message: expect.stringMatching(/^Send .+, or null for none$/) },
      ]);
    }
    expect(await ownerView()).toEqual(before);
    expect(before.customer).toMatchObject({ abn: '53004085616', contact_email: 'accounts@bean.test' });
  });

  it('creates a customer from only its name, the other details read as none', async () => {
    const created = await api('POST', owner.base, owner.admin.headers, { title: 'Name Only Café' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Name Only Café', abn: null, contact_email: null });
  });

  // Issue 9, defect 7: out-of-range or part numbers are refused with the field named, never
  // clamped to the nearest allowed value or rounded.
  it('refuses payment terms and credit limits out of range, saying which, and keeps what was saved', async () => {
    const { headers } = owner.admin;
    const settingsUrl = `/organisations/${owner.merchant.id}/customer/${customer.id}/settings`;
    const before = await ownerView();
    const bad: [object, string, RegExp][] = [
      [{ payment_terms_days: 400 }, 'body.payment_terms_days', /whole number of days from 0 to 365/],
      [{ payment_terms_days: 7.5 }, 'body.payment_terms_days', /whole number of days from 0 to 365/],
      [{ payment_terms_days: -1 }, 'body.payment_terms_days', /whole number of days from 0 to 365/],
      [{ credit_limit_cents: 10.5 }, 'body.credit_limit_cents', /credit limit/i],
      [{ credit_limit_cents: -100 }, 'body.credit_limit_cents', /credit limit/i],
    ];
    for (const [change, path, message] of bad) {
      const body = { is_payments_enabled: true, payment_terms_days: 30, credit_limit_cents: null, ...change };
      const updated = await api('PUT', settingsUrl, headers, body);
      expect({ status: updated.statusCode, code: updated.json().error_code }).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(updated.json().details).toEqual([{ path, message: expect.stringMatching(message) }]);

      const created = await api('POST', owner.base, headers, { ...details(), payment_settings: body });
      expect(created.statusCode).toBe(400);
      expect(pathsOf(created.json())).toEqual([`body.payment_settings.${path.slice('body.'.length)}`]);
    }
    expect(await ownerView()).toEqual(before);
  });
});
