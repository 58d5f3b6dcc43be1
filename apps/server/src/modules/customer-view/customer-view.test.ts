import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEvents } from '../../platform/audit/audit-events.queries.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { customerTestKit, details } from '../customers/customers.testing.ts';
import { CUSTOMER_VIEW_ENTERED, CUSTOMER_VIEW_LEFT } from './customer-view.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, newMerchant, memberOf, addCustomer } = customerTestKit(() => t);
const COOKIE = 'tp_customer_view';
type Headers = Record<string, string>;

/** A request carrying the impersonation cookie, as the browser sends it once customer view is on. */
const withView = (method: 'GET' | 'PUT', url: string, headers: Headers, view: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, cookies: { [COOKIE]: view }, payload });

const currentUser = (headers: Headers, organisationId: string, view?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/users/current',
    headers: { ...headers, 'x-organisation-id': organisationId },
    ...(view ? { cookies: { [COOKIE]: view } } : {}),
  });

async function enteredView(title?: string) {
  const { merchant, admin, base } = await newMerchant(title);
  const user = await memberOf(merchant.id, 'User');
  const response = await api(
    'POST',
    `/organisations/${merchant.id}/customers/house-accounts/view`,
    user.headers,
  );
  expect(response.statusCode, response.body).toBe(200);
  const house = (await api('GET', `${base}/house-accounts`, admin.headers)).json() as {
    organisation_id: string;
  };
  return { merchant, admin, user, base, response, houseId: house.organisation_id };
}

describe('customer view (SPEC §1, §4)', () => {
  it('enters as the house customer: sets the impersonation cookie for the API and logs who did it', async () => {
    const { merchant, user, response, houseId } = await enteredView();
    expect(response.json()).toEqual({ merchant_id: merchant.id, customer_organisation_id: houseId });
    const cookie = response.cookies.find((c) => c.name === COOKIE);
    expect(cookie).toMatchObject({ value: houseId, httpOnly: true, path: '/api/v1', sameSite: 'Lax' });

    const [event] = await listAuditEvents(t.database.db, {
      organisationId: merchant.id,
      action: CUSTOMER_VIEW_ENTERED,
      limit: 1,
    });
    expect(event).toMatchObject({ userId: user.user.id, details: { customer_organisation_id: houseId } });
  });

  it('lists the house customer as the person’s User organisation while the cookie is present', async () => {
    const { merchant, user, houseId } = await enteredView('Harbour Foods');
    const viewing = await currentUser(user.headers, houseId, houseId);
    expect(viewing.statusCode).toBe(200);
    expect(viewing.json()).toMatchObject({
      is_merchant: false,
      merchant: { title: 'Harbour Foods' },
      customer_view: { merchant_id: merchant.id, customer_organisation_id: houseId },
    });
    expect(viewing.json().organisations).toContainEqual({
      id: houseId,
      title: 'Harbour Foods (house account)',
      active: true,
      invitation_accepted: true,
      user_level: 'User',
    });

    const without = await currentUser(user.headers, houseId);
    expect(without.json()).toMatchObject({ is_merchant: true, customer_view: null });
    expect(without.json().organisations.map((o: { id: string }) => o.id)).not.toContain(houseId);
  });

  it('lets the house customer’s endpoints answer as a User, and only with the cookie', async () => {
    const { user, houseId } = await enteredView();
    expect((await withView('GET', `/organisations/${houseId}`, user.headers, houseId)).statusCode).toBe(200);
    expect((await api('GET', `/organisations/${houseId}`, user.headers)).statusCode).toBe(404);
    // A User of the house customer, not its Admin: its details stay the merchant's to edit.
    const edit = await withView('PUT', `/organisations/${houseId}`, user.headers, houseId, {
      ...details({ title: 'Renamed' }),
      version: 1,
    });
    expect(edit.statusCode).toBe(403);
  });

  it('reaches nothing through a cookie naming another merchant’s house customer or an ordinary customer', async () => {
    const mine = await enteredView();
    const theirs = await enteredView();
    const other = await withView(
      'GET',
      `/organisations/${theirs.houseId}`,
      mine.user.headers,
      theirs.houseId,
    );
    expect(other.statusCode).toBe(404);

    const customer = await addCustomer(mine.base, mine.admin.headers, { title: 'Bean There Café' });
    const ordinary = await withView(
      'GET',
      `/organisations/${customer.organisation_id}`,
      mine.user.headers,
      customer.organisation_id,
    );
    expect(ordinary.statusCode).toBe(404);
    const listed = await currentUser(mine.user.headers, customer.organisation_id, customer.organisation_id);
    expect(listed.json().customer_view).toBeNull();
  });

  it('ends when the person leaves the merchant, cookie or not', async () => {
    const { merchant, admin, user, houseId } = await enteredView();
    const removal = await api('PUT', `/organisations/${merchant.id}/user/${user.user.id}`, admin.headers, {
      user_level: 'User',
      active: false,
    });
    expect(removal.statusCode, removal.body).toBe(200);
    expect((await withView('GET', `/organisations/${houseId}`, user.headers, houseId)).statusCode).toBe(404);
  });

  it('is refused to someone outside the merchant, and leaving clears the cookie and logs it', async () => {
    const { merchant, user, houseId } = await enteredView();
    const stranger = await newMerchant();
    const path = `/organisations/${merchant.id}/customers/house-accounts/view`;
    expect((await api('POST', path, stranger.admin.headers)).statusCode).toBe(404);

    const left = await api('DELETE', path, user.headers);
    expect(left.statusCode).toBe(200);
    const cleared = left.cookies.find((c) => c.name === COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    const [event] = await listAuditEvents(t.database.db, {
      organisationId: merchant.id,
      action: CUSTOMER_VIEW_LEFT,
      limit: 1,
    });
    expect(event).toMatchObject({ userId: user.user.id, details: { customer_organisation_id: houseId } });
  });
});
