import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { customerTestKit, details } from '../customers/customers.testing.ts';
import { fingerprint } from '../system/endpoint-access.testing.ts';

// An organisation's time zone and GST rounding, in its details: read by members, changed by
// Admins with the details' version, left as they are when an edit leaves them out.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, newMerchant, addCustomer, memberOf } = customerTestKit(() => t);
const paths = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path);

async function merchant() {
  const made = await newMerchant();
  const url = `/organisations/${made.merchant.id}`;
  const read = async () => (await api('GET', url, made.admin.headers)).json();
  const put = (version: number, extra: object) =>
    api('PUT', url, made.admin.headers, {
      ...details({ title: 'Pier Street' }),
      image: null,
      version,
      ...extra,
    });
  return { ...made, url, read, put };
}

describe('an organisation’s time zone and GST rounding', () => {
  it('start as Sydney and per line, and an Admin changes both', async () => {
    const m = await merchant();
    expect(await m.read()).toMatchObject({
      time_zone: 'Australia/Sydney',
      gst_rounding: 'PER_LINE',
      version: 1,
    });
    const saved = await m.put(1, { time_zone: 'Australia/Perth', gst_rounding: 'PER_INVOICE' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      time_zone: 'Australia/Perth',
      gst_rounding: 'PER_INVOICE',
      version: 2,
    });
    const settings = (await api('GET', `${m.url}/settings`, m.admin.headers)).json();
    expect(settings).toMatchObject({ time_zone: 'Australia/Perth', gst_rounding: 'PER_INVOICE' });
    // The taxes screen reads the same column.
    const taxes = (await api('GET', `/taxes/organisation/${m.merchant.id}`, m.admin.headers)).json();
    expect(taxes).toMatchObject({ gst_rounding: 'PER_INVOICE', version: 2 });
  });

  it('stay as they are when an edit leaves them out', async () => {
    const m = await merchant();
    expect((await m.put(1, { time_zone: 'Australia/Darwin', gst_rounding: 'PER_INVOICE' })).statusCode).toBe(
      200,
    );
    const saved = await m.put(2, { phone: '08 8900 0000' });
    expect(saved.json()).toMatchObject({
      time_zone: 'Australia/Darwin',
      gst_rounding: 'PER_INVOICE',
      version: 3,
    });
  });

  it('refuse a zone that is not an IANA name, and a rounding that does not exist; nothing changes', async () => {
    const m = await merchant();
    const snapshot = await fingerprint(t);
    for (const [extra, path] of [
      [{ time_zone: 'Mars/Olympus_Mons' }, 'body.time_zone'],
      [{ time_zone: '+10:00' }, 'body.time_zone'],
      [{ time_zone: 'AEST' }, 'body.time_zone'],
      [{ time_zone: '' }, 'body.time_zone'],
      [{ gst_rounding: 'PER_ORDER' }, 'body.gst_rounding'],
    ] as const) {
      const response = await m.put(1, extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(paths(response.json())).toEqual([path]);
    }
    expect(await fingerprint(t)).toEqual(snapshot);
    expect((await m.put(1, { time_zone: 'UTC' })).json().time_zone).toBe('UTC');
  });

  it('are an Admin’s to change', async () => {
    const m = await merchant();
    const user = await memberOf(m.merchant.id, 'User');
    expect((await api('GET', m.url, user.headers)).json().time_zone).toBe('Australia/Sydney');
    const response = await api('PUT', m.url, user.headers, {
      ...details(),
      image: null,
      version: 1,
      time_zone: 'Australia/Perth',
    });
    expect(response.statusCode).toBe(403);
    expect((await m.read()).time_zone).toBe('Australia/Sydney');
  });

  it('give a customer organisation a time zone but no rounding to choose', async () => {
    const m = await merchant();
    const customer = await addCustomer(m.base, m.admin.headers, { title: 'Corner Deli' });
    const person = await memberOf(customer.organisation_id, 'Admin');
    const url = `/organisations/${customer.organisation_id}`;
    const put = (extra: object) =>
      api('PUT', url, person.headers, { ...details({ title: 'Corner Deli' }), image: null, ...extra });
    const refused = await put({ version: 1, gst_rounding: 'PER_INVOICE' });
    expect(refused.statusCode).toBe(400);
    expect(paths(refused.json())).toEqual(['body.gst_rounding']);
    const saved = await put({ version: 1, time_zone: 'Australia/Brisbane', gst_rounding: 'PER_LINE' });
    expect(saved.json()).toMatchObject({ time_zone: 'Australia/Brisbane', gst_rounding: 'PER_LINE' });
  });
});
