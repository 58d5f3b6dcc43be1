import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';

// PATCH /organisations/{id}/settings: a merchant's Admin switches payments and advanced tax on
// and off. What payments being off does elsewhere is the payments modules' (409
// PAYMENTS_NOT_ENABLED); here it is only shown to follow the switch.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, newMerchant, addCustomer, memberOf } = customerTestKit(() => t);

const patch = (url: string, headers: Headers, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1${url}`, headers, payload });

async function merchant() {
  const made = await newMerchant();
  const url = `/organisations/${made.merchant.id}/settings`;
  const customer = await addCustomer(made.base, made.admin.headers, { title: 'Corner Deli' });
  /** A manual credit for the customer: a payments write, refused while payments are off. */
  const issueCredit = () =>
    api(
      'POST',
      `/credits/organisation/${made.merchant.id}`,
      { ...made.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      { customer_organisation_id: customer.organisation_id, amount_cents: 500, reason: 'Goodwill' },
    );
  return { ...made, url, customer, issueCredit };
}

describe('PATCH /organisations/{id}/settings', () => {
  it('lets a merchant Admin switch payments on and off, and the payments writes follow', async () => {
    const m = await merchant();
    expect((await api('GET', m.url, m.admin.headers)).json()).toMatchObject({ payments_enabled: false });
    expect((await m.issueCredit()).json().error_code).toBe('PAYMENTS_NOT_ENABLED');

    const on = await patch(m.url, m.admin.headers, { payments_enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({
      payments_enabled: true,
      advanced_tax_enabled: false,
      time_zone: 'Australia/Sydney',
      gst_rounding: 'PER_LINE',
    });
    // The menu reads the current user's settings.
    const me = (await api('GET', '/users/current', m.admin.headers)).json();
    expect(me.settings).toEqual({ payments_enabled: true, advanced_tax_enabled: false });
    expect((await m.issueCredit()).statusCode).toBe(201);

    const off = await patch(m.url, m.admin.headers, { payments_enabled: false });
    expect(off.json()).toMatchObject({ payments_enabled: false });
    const refused = await m.issueCredit();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_code).toBe('PAYMENTS_NOT_ENABLED');
  });

  it('changes only what it is sent, and leaves the details’ version alone', async () => {
    const m = await merchant();
    await patch(m.url, m.admin.headers, { payments_enabled: true });
    const taxOn = await patch(m.url, m.admin.headers, { advanced_tax_enabled: true });
    expect(taxOn.json()).toMatchObject({ payments_enabled: true, advanced_tax_enabled: true });
    // The taxes screen reads the same switch.
    const taxes = (await api('GET', `/taxes/organisation/${m.merchant.id}`, m.admin.headers)).json();
    expect(taxes.is_advanced_tax_enabled).toBe(true);

    const both = await patch(m.url, m.admin.headers, {
      payments_enabled: false,
      advanced_tax_enabled: false,
    });
    expect(both.json()).toMatchObject({ payments_enabled: false, advanced_tax_enabled: false });
    // An edit of the details opened before the switches still saves.
    const organisation = (await api('GET', `/organisations/${m.merchant.id}`, m.admin.headers)).json();
    expect(organisation.version).toBe(1);
  });

  it('refuses a body that switches nothing, or not with true or false, changing nothing', async () => {
    const m = await merchant();
    const before = await fingerprint(t);
    const empty = await patch(m.url, m.admin.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      details: [{ path: 'body', message: 'Send payments_enabled, advanced_tax_enabled or both' }],
    });
    const notBoolean = await patch(m.url, m.admin.headers, { payments_enabled: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().details).toEqual([
      { path: 'body.payments_enabled', message: expect.any(String) },
    ]);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('is a merchant Admin’s: a User and a customer organisation get 403, another merchant 404', async () => {
    const m = await merchant();
    const other = await newMerchant();
    const merchantUser = await memberOf(m.merchant.id, 'User');
    const customerAdmin = await memberOf(m.customer.organisation_id, 'Admin');
    const before = await fingerprint(t);

    const asUser = await patch(m.url, merchantUser.headers, { payments_enabled: true });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().error_code).toBe('FORBIDDEN');
    const asCustomer = await patch(
      `/organisations/${m.customer.organisation_id}/settings`,
      customerAdmin.headers,
      { payments_enabled: true },
    );
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({
      error_code: 'FORBIDDEN',
      message: 'Only merchants can do this.',
      request_id: expect.any(String),
    });
    const elsewhere = await patch(m.url, other.admin.headers, { payments_enabled: true });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error_code).toBe('NOT_FOUND');
    expect((await patch('/organisations/not-a-uuid/settings', m.admin.headers, {})).statusCode).toBe(400);
    expect(await fingerprint(t)).toEqual(before);
  });
});
