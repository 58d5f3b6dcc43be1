import { expect } from 'vitest';
import { addMember, createOrganisation, type TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';

/** Helpers shared by the catalogue vocabulary API tests; everything goes through the API where it can. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Item = { id: string; name: string } & Record<string, unknown>;
export type Page = { items: Item[]; next_cursor: string | null };

/** What differs per kind in the tests: the path segment and a valid and an invalid body. */
export type KindCase = {
  segment: 'brands' | 'suppliers' | 'uom' | 'categories';
  label: string;
  body(name: string): Record<string, unknown>;
  invalidBody: Record<string, unknown>;
  invalidPath: string;
};

export const KIND_CASES: KindCase[] = [
  {
    segment: 'brands',
    label: 'brand',
    body: (name) => ({ name }),
    invalidBody: { name: '   ' },
    invalidPath: 'body.name',
  },
  {
    segment: 'suppliers',
    label: 'supplier',
    body: (name) => ({ name, contact_email: 'Orders@Example.test ', phone: ' 02 9999 0000 ' }),
    invalidBody: { name: 'Fine', contact_email: 'not-an-email' },
    invalidPath: 'body.contact_email',
  },
  {
    segment: 'uom',
    label: 'unit of measure',
    body: (name) => ({ name, abbreviation: 'ctn' }),
    invalidBody: { name: 'x'.repeat(81), abbreviation: 'ctn' },
    invalidPath: 'body.name',
  },
  {
    segment: 'categories',
    label: 'category',
    body: (name) => ({ name, parent_id: null }),
    invalidBody: { name: 'Fine', parent_id: 'not-a-uuid' },
    invalidPath: 'body.parent_id',
  },
];

/** `t` is read lazily: test files open their app in beforeAll. */
export function taxonomyTestKit(app: () => TestApp) {
  const customers = customerTestKit(app);

  const api = (method: Method, url: string, headers: Headers = {}, payload?: object) =>
    app().app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  const collection = (segment: string, organisationId: string) =>
    `/products/${segment}/organisation/${organisationId}`;
  const record = (segment: string, id: string, organisationId: string) =>
    `/products/${segment}/${id}/organisation/${organisationId}`;

  /** A merchant with its Admin (made through the API, as a sign-up makes one). */
  async function newMerchant() {
    const { merchant, admin } = await customers.newMerchant();
    return { merchantId: merchant.id, admin };
  }

  /** Someone who belongs to a customer organisation, and that organisation's id. */
  async function customerMember() {
    const organisation = await createOrganisation(app().database.db, { kind: 'CUSTOMER', title: 'Cafe' });
    const person = await customers.signedIn('Carl Customer');
    await addMember(app().database.db, { userId: person.user.id, organisationId: organisation.id });
    return { organisationId: organisation.id, headers: person.headers };
  }

  async function create(segment: string, merchantId: string, headers: Headers, body: object) {
    const response = await api('POST', collection(segment, merchantId), headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Item;
  }

  async function list(
    segment: string,
    merchantId: string,
    headers: Headers,
    query: Record<string, string> = {},
  ) {
    const response = await api(
      'GET',
      `${collection(segment, merchantId)}?${new URLSearchParams(query)}`,
      headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  }

  return { api, collection, record, newMerchant, customerMember, memberOf: customers.memberOf, create, list };
}
