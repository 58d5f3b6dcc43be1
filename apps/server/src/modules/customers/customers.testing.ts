import { randomUUID } from 'node:crypto';
import type { Customer } from '@tradeport/contract';
import { expect } from 'vitest';
import { addMember, createUser, signInAs, type TestApp } from '../../testing/index.ts';

/** Helpers shared by the customers API tests; everything goes through the API where it can. */

export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Organisation details with every field present (the contract wants them all, null when blank). */
export const details = (overrides: Record<string, unknown> = {}) => ({
  title: 'Bean There Café',
  abn: null,
  contact_email: null,
  phone: null,
  address_line1: null,
  address_line2: null,
  suburb: null,
  state: null,
  postcode: null,
  ...overrides,
});

const shortId = () => randomUUID().slice(0, 8);

/** `t` is read lazily: test files open their app in beforeAll. */
export function customerTestKit(app: () => TestApp) {
  const api = (method: Method, url: string, headers: Headers = {}, payload?: object) =>
    app().app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  async function signedIn(name = 'Test Person') {
    const user = await createUser(app().database.db, { name });
    return { user, headers: (await signInAs(app().app, user.email)).headers };
  }

  /** A merchant made the way a new sign-up makes one: its creator is Admin, and it has a house account. */
  async function newMerchant(title = `Merchant ${shortId()}`) {
    const admin = await signedIn('Ada Admin');
    const response = await api('POST', '/organisations', admin.headers, {
      ...details({ title }),
      slug: `merchant-${shortId()}`,
    });
    expect(response.statusCode).toBe(201);
    const merchant = response.json() as { id: string; title: string; slug: string };
    return { merchant, admin, base: `/organisations/${merchant.id}/customers` };
  }

  async function memberOf(organisationId: string, level: 'Admin' | 'User') {
    const person = await signedIn();
    await addMember(app().database.db, { userId: person.user.id, organisationId, level });
    return person;
  }

  async function addCustomer(base: string, headers: Headers, overrides: Record<string, unknown> = {}) {
    const response = await api('POST', base, headers, details(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Customer;
  }

  return { api, signedIn, newMerchant, memberOf, addCustomer };
}
