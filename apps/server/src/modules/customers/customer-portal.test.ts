import type { Customer } from '@tradeport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../platform/db/schema/index.ts';
import {
  addMember,
  createOrganisation,
  createTestApp,
  linkCustomer,
  type TestApp,
} from '../../testing/index.ts';
import { customerTestKit, details, type Headers } from './customers.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, newMerchant, memberOf, addCustomer } = customerTestKit(() => t);

const SETTINGS = {
  is_payments_enabled: true,
  payment_terms_days: 30,
  credit_limit_cents: 500_000,
  is_tax_exempt: true,
  is_overdue_reminders_enabled: false,
};

let alpine: Awaited<ReturnType<typeof newMerchant>>;
let bayside: Awaited<ReturnType<typeof newMerchant>>;
let deli: Customer;
let person: Awaited<ReturnType<typeof memberOf>>;
/** The customer person acting for their customer organisation. */
let asDeli: Headers;

beforeAll(async () => {
  alpine = await newMerchant('Alpine Wholesale');
  bayside = await newMerchant('Bayside Supplies');
  deli = await addCustomer(alpine.base, alpine.admin.headers, { title: 'Corner Deli' });
  const settings = await api(
    'PUT',
    `/organisations/${alpine.merchant.id}/customer/${deli.id}/settings`,
    alpine.admin.headers,
    SETTINGS,
  );
  expect(settings.statusCode).toBe(200);
  // The same customer organisation also buys from Bayside.
  await linkCustomer(t.database.db, {
    merchantId: bayside.merchant.id,
    customerOrganisationId: deli.organisation_id,
  });
  person = await memberOf(deli.organisation_id, 'User');
  asDeli = { ...person.headers, 'x-organisation-id': deli.organisation_id };
});

const merchantOf = (m: typeof alpine) => ({
  id: m.merchant.id,
  title: m.merchant.title,
  image: null,
  slug: m.merchant.slug,
});
const accountUrl = (merchantId: string) => `/organisations/merchant/${merchantId}/customer`;

describe('GET /organisations/merchant', () => {
  it('lists the merchants the customer organisation orders from, by title', async () => {
    const response = await api('GET', '/organisations/merchant', asDeli);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([merchantOf(alpine), merchantOf(bayside)]);
  });
});

describe('GET /organisations/merchant/{id}/customer', () => {
  it('gives the customer’s account with that merchant and its payment settings', async () => {
    const alpineAccount = await api('GET', accountUrl(alpine.merchant.id), asDeli);
    expect(alpineAccount.statusCode).toBe(200);
    expect(alpineAccount.json()).toEqual({
      merchant: merchantOf(alpine),
      customer_id: deli.id,
      payment_settings: SETTINGS,
    });
    const baysideAccount = (await api('GET', accountUrl(bayside.merchant.id), asDeli)).json();
    expect(baysideAccount.merchant.id).toBe(bayside.merchant.id);
    expect(baysideAccount.customer_id).not.toBe(deli.id);
    expect(baysideAccount.payment_settings.is_payments_enabled).toBe(false);
  });

  it('validates the merchant id', async () => {
    const response = await api('GET', accountUrl('not-a-uuid'), asDeli);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('params.id');
  });

  it('answers a merchant the customer has no account with, or no merchant at all, with 404', async () => {
    const stranger = await newMerchant('Stranger Foods');
    expect((await api('GET', accountUrl(stranger.merchant.id), asDeli)).statusCode).toBe(404);
    expect((await api('GET', accountUrl('00000000-0000-4000-8000-000000000000'), asDeli)).statusCode).toBe(
      404,
    );
  });
});

describe('both customer-side endpoints', () => {
  const urls = () => ['/organisations/merchant', accountUrl(alpine.merchant.id)];

  it('need the customer organisation in X-Organisation-Id (400 when missing or not an id)', async () => {
    const values = [undefined, '', 'not-an-id', '-'.repeat(36), 'a'.repeat(36), `${deli.organisation_id}0`];
    for (const url of urls()) {
      for (const value of values) {
        const headers =
          value === undefined ? person.headers : { ...person.headers, 'x-organisation-id': value };
        const response = await api('GET', url, headers);
        expect({ url, value, status: response.statusCode, details: response.json().details }).toEqual({
          url,
          value,
          status: 400,
          details: [expect.objectContaining({ path: 'headers.x-organisation-id' })],
        });
      }
    }
  });

  it('refuse a merchant organisation named in the header (403)', async () => {
    // The customer person also works for a merchant of their own; a merchant's Admin tries theirs.
    const ownBusiness = await createOrganisation(t.database.db, { kind: 'MERCHANT', title: 'Side Hustle' });
    await addMember(t.database.db, { userId: person.user.id, organisationId: ownBusiness.id });
    for (const url of urls()) {
      const asMerchant = await api('GET', url, { ...person.headers, 'x-organisation-id': ownBusiness.id });
      expect(asMerchant.statusCode).toBe(403);
      expect(asMerchant.json().error_code).toBe('FORBIDDEN');
      const merchantAdmin = await api('GET', url, {
        ...alpine.admin.headers,
        'x-organisation-id': alpine.merchant.id,
      });
      expect(merchantAdmin.statusCode).toBe(403);
    }
  });

  it('hide someone else’s customer organisation (404)', async () => {
    const elsewhere = await addCustomer(bayside.base, bayside.admin.headers, { title: 'Elsewhere Eatery' });
    for (const url of urls()) {
      const response = await api('GET', url, {
        ...person.headers,
        'x-organisation-id': elsewhere.organisation_id,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error_code).toBe('NOT_FOUND');
      // The merchant that owns that customer is not one of its people either.
      const merchantAdmin = await api('GET', url, {
        ...bayside.admin.headers,
        'x-organisation-id': elsewhere.organisation_id,
      });
      expect(merchantAdmin.statusCode).toBe(404);
    }
  });

  it('stop answering a person whose membership was deactivated', async () => {
    const leaver = await memberOf(deli.organisation_id, 'User');
    const headers = { ...leaver.headers, 'x-organisation-id': deli.organisation_id };
    expect((await api('GET', '/organisations/merchant', headers)).statusCode).toBe(200);
    await t.database.db
      .update(memberships)
      .set({ active: false })
      .where(eq(memberships.userId, leaver.user.id));
    for (const url of urls()) expect((await api('GET', url, headers)).statusCode).toBe(404);
  });
});

describe('archived accounts', () => {
  it('are hidden from the customer until the merchant restores them', async () => {
    const customerUrl = `${alpine.base}/${deli.id}`;
    const current = (await api('GET', customerUrl, alpine.admin.headers)).json() as Customer;
    const archive = (archived: boolean, version: number) =>
      api('PUT', customerUrl, alpine.admin.headers, {
        ...details({ title: 'Corner Deli' }),
        archived,
        version,
      });

    const archived = await archive(true, current.version);
    expect(archived.statusCode).toBe(200);
    expect((await api('GET', '/organisations/merchant', asDeli)).json()).toEqual([merchantOf(bayside)]);
    expect((await api('GET', accountUrl(alpine.merchant.id), asDeli)).statusCode).toBe(404);

    expect((await archive(false, archived.json().version)).statusCode).toBe(200);
    expect((await api('GET', '/organisations/merchant', asDeli)).json()).toEqual([
      merchantOf(alpine),
      merchantOf(bayside),
    ]);
    expect((await api('GET', accountUrl(alpine.merchant.id), asDeli)).json().customer_id).toBe(deli.id);
  });
});
