import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganisation,
  createTestApp,
  createUser,
  signInAs,
  type TestApp,
} from '../../testing/index.ts';
import { customerTestKit } from '../customers/customers.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const details = {
  title: 'Pier Street Produce',
  abn: '53 004 085 616',
  contact_email: 'Orders@PierStreet.test',
  phone: '02 9555 0123',
  address_line1: '1 Pier Street',
  address_line2: '',
  suburb: 'Pyrmont',
  state: 'NSW',
  postcode: '2009',
};

async function signedInUser() {
  const user = await createUser(t.database.db);
  return { user, ...(await signInAs(t.app, user.email)) };
}

describe('POST /api/v1/organisations', () => {
  it('creates a merchant with its creator as Admin, a 14-day trial and a house customer', async () => {
    const { headers } = await signedInUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organisations',
      headers,
      payload: { ...details, slug: 'pier-street' },
    });
    expect(response.statusCode).toBe(201);
    const organisation = response.json();
    expect(organisation).toMatchObject({
      is_merchant: true,
      slug: 'pier-street',
      abn: '53004085616',
      contact_email: 'orders@pierstreet.test',
      address_line2: null,
      version: 1,
    });
    const trialDays = (Date.parse(organisation.trial_end) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);

    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers })).json();
    expect(me.organisations).toEqual([
      {
        id: organisation.id,
        title: details.title,
        active: true,
        invitation_accepted: true,
        user_level: 'Admin',
      },
    ]);
    const house = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organisations/${organisation.id}/customers/house-accounts`,
      headers,
    });
    expect(house.json()).toMatchObject({ is_house_account: true, archived: false });
  });

  it('refuses a taken slug, a bad ABN and a bad postcode with field errors', async () => {
    const { headers } = await signedInUser();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/organisations',
      headers,
      payload: { ...details, slug: 'taken-slug' },
    });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organisations',
      headers,
      payload: { ...details, slug: 'Taken-Slug' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].path).toBe('body.slug');
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organisations',
      headers,
      payload: { ...details, slug: 'fine-slug', abn: '12345678901', postcode: '20' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.abn', 'body.postcode']);
  });
});

describe('POST /api/v1/organisations with only what it needs', () => {
  it('accepts optional details left out, and names what is missing in plain words', async () => {
    const { headers } = await signedInUser();
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organisations',
      headers,
      payload: { title: 'Just A Name', slug: 'just-a-name' },
    });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ title: 'Just A Name', abn: null, phone: null, state: null });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organisations',
      headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const body = missing.json();
    expect(body.error_code).toBe('VALIDATION_ERROR');
    expect(body.details).toEqual([
      { path: 'body.title', message: 'Enter a name' },
      { path: 'body.slug', message: 'Enter a sign-in address' },
    ]);
    expect(body.message).not.toMatch(/undefined/);
  });
});

describe('GET/PUT /api/v1/organisations/{id}', () => {
  it('lets members read, Admins edit, and refuses a stale version', async () => {
    const { db } = t.database;
    const org = await createOrganisation(db, { title: 'Editable' });
    const admin = await signedInUser();
    const member = await signedInUser();
    await addMember(db, { userId: admin.user.id, organisationId: org.id, level: 'Admin' });
    await addMember(db, { userId: member.user.id, organisationId: org.id, level: 'User' });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organisations/${org.id}`,
      headers: member.headers,
    });
    expect(read.json()).toMatchObject({ id: org.id, title: 'Editable', version: 1 });

    const payload = { ...details, slug: org.slug, image: null, version: 1 };
    const asUser = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/organisations/${org.id}`,
      headers: member.headers,
      payload,
    });
    expect(asUser.statusCode).toBe(403);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/organisations/${org.id}`,
      headers: admin.headers,
      payload,
    });
    expect(saved.json()).toMatchObject({ title: details.title, version: 2 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/organisations/${org.id}`,
      headers: admin.headers,
      payload,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
  });

  it('refuses an update that leaves out the ABN, keeping the ABN saved', async () => {
    const { db } = t.database;
    const org = await createOrganisation(db, { title: 'Keeps Its ABN' });
    const admin = await signedInUser();
    await addMember(db, { userId: admin.user.id, organisationId: org.id, level: 'Admin' });
    const url = `/api/v1/organisations/${org.id}`;
    const put = (payload: object) => t.app.inject({ method: 'PUT', url, headers: admin.headers, payload });
    expect((await put({ ...details, slug: org.slug, image: null, version: 1 })).statusCode).toBe(200);

    const { abn: _left, ...withoutAbn } = details;
    const response = await put({ ...withoutAbn, slug: org.slug, image: null, version: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'body.abn', message: 'Send an ABN, or null for none' }]);
    const read = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(read.json()).toMatchObject({ abn: '53004085616', version: 2 });
  });

  it('validates the id', async () => {
    const { headers } = await signedInUser();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/organisations/not-a-uuid', headers });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/v1/organisations/{id}/settings', () => {
  it('gives the feature settings to members', async () => {
    const { db } = t.database;
    const org = await createOrganisation(db, { paymentsEnabled: true });
    const { user, headers } = await signedInUser();
    await addMember(db, { userId: user.id, organisationId: org.id, level: 'User' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organisations/${org.id}/settings`,
      headers,
    });
    expect(response.json()).toEqual({
      payments_enabled: true,
      advanced_tax_enabled: false,
      time_zone: 'Australia/Sydney',
      gst_rounding: 'PER_LINE',
    });
  });
});

describe('GET /api/v1/organisations/login/slug/{slug}', () => {
  it("gives a merchant's public title and image, and 404 for customers or unknown slugs", async () => {
    const { db } = t.database;
    const merchant = await createOrganisation(db, { title: 'Branded Supplies', slug: 'branded-supplies' });
    const customer = await createOrganisation(db, { kind: 'CUSTOMER', slug: 'a-customer-slug' });
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organisations/login/slug/${merchant.slug}`,
    });
    expect(found.json()).toEqual({ title: 'Branded Supplies', image: null, slug: 'branded-supplies' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/organisations/login/slug/${customer.slug}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/organisations/login/slug/nope' })).statusCode,
    ).toBe(404);
  });
});

describe('a customer organisation’s details, edited by its merchant and by its own Admin', () => {
  const kit = customerTestKit(() => t);

  /** A merchant's customer with an Admin of its own, and what each side's edit form shows. */
  async function bothSidesOpenTheForm() {
    const { admin: merchantAdmin, base } = await kit.newMerchant();
    const customer = await kit.addCustomer(base, merchantAdmin.headers, { title: 'Before' });
    const customerAdmin = await kit.memberOf(customer.organisation_id, 'Admin');
    const merchantView = (await kit.api('GET', `${base}/${customer.id}`, merchantAdmin.headers)).json();
    const customerView = (
      await kit.api('GET', `/organisations/${customer.organisation_id}`, customerAdmin.headers)
    ).json();
    const merchantSaves = (title: string) =>
      kit.api('PUT', `${base}/${customer.id}`, merchantAdmin.headers, {
        ...detailsOf(merchantView),
        title,
        archived: false,
        version: merchantView.version,
      });
    const customerSaves = (title: string) =>
      kit.api('PUT', `/organisations/${customer.organisation_id}`, customerAdmin.headers, {
        ...detailsOf(customerView),
        title,
        slug: customerView.slug,
        image: customerView.image,
        version: customerView.version,
      });
    const currentTitle = async () =>
      (await kit.api('GET', `/organisations/${customer.organisation_id}`, customerAdmin.headers)).json()
        .title;
    return { merchantSaves, customerSaves, currentTitle };
  }

  const detailsOf = (view: Record<string, unknown>) => ({
    title: view.title,
    abn: view.abn,
    contact_email: view.contact_email,
    phone: view.phone,
    address_line1: view.address_line1,
    address_line2: view.address_line2,
    suburb: view.suburb,
    state: view.state,
    postcode: view.postcode,
  });

  it('refuses the merchant’s stale edit after the customer saved', async () => {
    const sides = await bothSidesOpenTheForm();
    expect((await sides.customerSaves('Customer’s title')).statusCode).toBe(200);
    const stale = await sides.merchantSaves('Merchant’s title');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error_code: 'CONFLICT',
      message: expect.any(String),
      request_id: expect.any(String),
    });
    expect(await sides.currentTitle()).toBe('Customer’s title');
  });

  it('refuses the customer’s stale edit after the merchant saved', async () => {
    const sides = await bothSidesOpenTheForm();
    expect((await sides.merchantSaves('Merchant’s title')).statusCode).toBe(200);
    const stale = await sides.customerSaves('Customer’s title');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
    expect(await sides.currentTitle()).toBe('Merchant’s title');
  });
  it('gives a customer organisation no sign-in address to change: left out it is fine, a new one is refused', async () => {
    const { admin: merchantAdmin, base } = await kit.newMerchant();
    const customer = await kit.addCustomer(base, merchantAdmin.headers, { title: 'No Slug Café' });
    const customerAdmin = await kit.memberOf(customer.organisation_id, 'Admin');
    const url = `/organisations/${customer.organisation_id}`;
    const view = (await kit.api('GET', url, customerAdmin.headers)).json();

    const withoutSlug = await kit.api('PUT', url, customerAdmin.headers, {
      ...detailsOf(view),
      title: 'Renamed Café',
      image: null,
      version: view.version,
    });
    expect(withoutSlug.statusCode).toBe(200);
    expect(withoutSlug.json()).toMatchObject({ title: 'Renamed Café', slug: view.slug });

    const newSlug = await kit.api('PUT', url, customerAdmin.headers, {
      ...detailsOf(view),
      slug: 'my-own-portal',
      image: null,
      version: withoutSlug.json().version,
    });
    expect(newSlug.statusCode).toBe(400);
    expect(newSlug.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      details: [{ path: 'body.slug', message: expect.stringMatching(/customer/i) }],
    });
  });

  it('keeps a merchant’s sign-in address when an edit leaves it out', async () => {
    const { admin: merchantAdmin, merchant } = await kit.newMerchant();
    const merchantId = merchant.id;
    const view = (await kit.api('GET', `/organisations/${merchantId}`, merchantAdmin.headers)).json();
    const saved = await kit.api('PUT', `/organisations/${merchantId}`, merchantAdmin.headers, {
      ...detailsOf(view),
      image: null,
      version: view.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().slug).toBe(view.slug);
  });
});
