import type { Customer } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  latestMailTo,
  linkIn,
  signInAs,
  type TestApp,
} from '../../testing/index.ts';
import { customerTestKit, details } from './customers.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, newMerchant, memberOf, addCustomer } = customerTestKit(() => t);

const DEFAULT_SETTINGS = {
  is_payments_enabled: false,
  payment_terms_days: 14,
  credit_limit_cents: null,
  is_tax_exempt: false,
  is_overdue_reminders_enabled: true,
};
const pathsOf = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path).sort();

describe('POST /organisations/{id}/customers', () => {
  it('adds a customer with normalised details, default payment settings and no people yet', async () => {
    const { merchant, admin, base } = await newMerchant();
    const response = await api(
      'POST',
      base,
      admin.headers,
      details({
        title: '  Bean There Café ',
        abn: '53 004 085 616',
        contact_email: 'Orders@BeanThere.test',
        phone: '',
        state: 'NSW',
        postcode: '2000',
      }),
    );
    expect(response.statusCode).toBe(201);
    const customer = response.json() as Customer;
    expect(customer).toMatchObject({
      title: 'Bean There Café',
      abn: '53004085616',
      contact_email: 'orders@beanthere.test',
      phone: null,
      state: 'NSW',
      postcode: '2000',
      is_house_account: false,
      archived: false,
      user_count: 0,
      version: 1,
      payment_settings: DEFAULT_SETTINGS,
      pricing_tier: null,
      visibility_groups: [],
    });
    expect(customer.organisation_id).not.toBe(merchant.id);
    expect((await api('GET', `${base}/${customer.id}`, admin.headers)).json()).toEqual(customer);
  });

  it('lets an Admin set payment settings at creation', async () => {
    const { merchant, admin, base } = await newMerchant();
    const settings = {
      is_payments_enabled: true,
      payment_terms_days: 30,
      credit_limit_cents: 250_000,
      is_tax_exempt: true,
      is_overdue_reminders_enabled: false,
    };
    const customer = await addCustomer(base, admin.headers, {
      title: 'Credit Co',
      payment_settings: settings,
    });
    expect(customer.payment_settings).toEqual(settings);
    const read = await api(
      'GET',
      `/organisations/${merchant.id}/customer/${customer.id}/settings`,
      admin.headers,
    );
    expect(read.json()).toEqual(settings);
  });

  it('invites the first person as the customer’s Admin and lists them as INVITED until they accept', async () => {
    const { admin, base } = await newMerchant('Hilltop Wholesale');
    const invitee = await createUser(t.database.db, { name: 'Cam Customer' });
    const customer = await addCustomer(base, admin.headers, {
      title: 'Corner Deli',
      invite_email: invitee.email.toUpperCase(),
    });

    const mail = await latestMailTo(t.database.db, { to: invitee.email, subject: /invitation/i });
    expect(mail?.subject).toContain('Corner Deli');
    expect(mail!.textBody).toContain('Ada Admin');
    const users = await api('GET', `${base}/${customer.id}/users`, admin.headers);
    expect(users.json()).toEqual([
      {
        user_id: null,
        invitation_id: expect.any(String),
        name: null,
        email: invitee.email,
        user_level: 'Admin',
        status: 'INVITED',
      },
    ]);

    const link = linkIn(mail!.textBody, '/user/invitations');
    expect(link.searchParams.get('organisation')).toBe(customer.organisation_id);
    const theirs = await signInAs(t.app, invitee.email);
    const accepted = await api(
      'POST',
      `/organisations/${customer.organisation_id}/accept-invite`,
      theirs.headers,
      {
        token: link.searchParams.get('token'),
      },
    );
    expect(accepted.statusCode).toBe(200);
    expect((await api('GET', `${base}/${customer.id}/users`, admin.headers)).json()).toEqual([
      {
        user_id: invitee.id,
        invitation_id: null,
        name: 'Cam Customer',
        email: invitee.email,
        user_level: 'Admin',
        status: 'ACTIVE',
      },
    ]);
    expect((await api('GET', `${base}/${customer.id}`, admin.headers)).json().user_count).toBe(1);
  });

  it('refuses bad input with field errors and adds nothing', async () => {
    const { admin, base } = await newMerchant();
    const response = await api('POST', base, admin.headers, {
      ...details({ title: '   ', abn: '12345678901' }),
      invite_email: 'not-an-email',
      payment_settings: { is_payments_enabled: true, payment_terms_days: 366, credit_limit_cents: -1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('VALIDATION_ERROR');
    expect(pathsOf(response.json())).toEqual([
      'body.abn',
      'body.invite_email',
      'body.payment_settings.credit_limit_cents',
      'body.payment_settings.payment_terms_days',
      'body.title',
    ]);
    const listed = (await api('GET', `${base}?status=all`, admin.headers)).json().items as Customer[];
    expect(listed.map((c) => c.is_house_account)).toEqual([true]);
  });

  it('lets a User add customers but only an Admin choose their payment settings', async () => {
    const { merchant, admin, base } = await newMerchant();
    const user = await memberOf(merchant.id, 'User');
    const plain = await addCustomer(base, user.headers, { title: 'Added By A User' });
    expect(plain.payment_settings).toEqual(DEFAULT_SETTINGS);
    // The web form always sends the settings; the defaults change nothing, so a User may send them.
    await addCustomer(base, user.headers, { title: 'Defaults Sent', payment_settings: DEFAULT_SETTINGS });

    const generous = await api('POST', base, user.headers, {
      ...details({ title: 'Generous Terms' }),
      payment_settings: { is_payments_enabled: true, payment_terms_days: 90, credit_limit_cents: null },
    });
    expect(generous.statusCode).toBe(403);
    // Exempting a customer from GST is as much an Admin's call as its terms.
    const exempt = await api('POST', base, user.headers, {
      ...details({ title: 'Exempt By A User' }),
      payment_settings: { ...DEFAULT_SETTINGS, is_tax_exempt: true },
    });
    expect(exempt.statusCode).toBe(403);
    const titles = ((await api('GET', `${base}?status=all`, admin.headers)).json().items as Customer[]).map(
      (c) => c.title,
    );
    expect(titles).toEqual(['Added By A User', 'Defaults Sent', `${merchant.title} (house account)`]);
  });
});

describe('GET /organisations/{id}/customers/house-accounts', () => {
  it('gives the merchant’s one house customer, which cannot be archived', async () => {
    const { merchant, admin, base } = await newMerchant('Harbour Foods');
    const house = await api('GET', `${base}/house-accounts`, admin.headers);
    expect(house.statusCode).toBe(200);
    expect(house.json()).toMatchObject({
      title: 'Harbour Foods (house account)',
      is_house_account: true,
      archived: false,
      pricing_tier: null,
      visibility_groups: [],
      version: 1,
    });
    expect(house.json().organisation_id).not.toBe(merchant.id);

    const archive = await api('PUT', `${base}/${house.json().id}`, admin.headers, {
      ...details({ title: 'Harbour Foods (house account)' }),
      archived: true,
      version: 1,
    });
    expect(archive.statusCode).toBe(409);
    expect(archive.json().error_code).toBe('CONFLICT');
    expect((await api('GET', `${base}/house-accounts`, admin.headers)).json()).toEqual(house.json());
  });
});

describe('PUT /organisations/{id}/customers/{cid}', () => {
  it('saves details against the version read, and refuses a stale version without changing anything', async () => {
    const { admin, base } = await newMerchant();
    const customer = await addCustomer(base, admin.headers, { title: 'Old Name' });
    const saved = await api('PUT', `${base}/${customer.id}`, admin.headers, {
      ...details({ title: 'New Name', suburb: 'Newtown', state: 'NSW', postcode: '2042' }),
      archived: false,
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: customer.id, title: 'New Name', suburb: 'Newtown', version: 2 });

    const stale = await api('PUT', `${base}/${customer.id}`, admin.headers, {
      ...details({ title: 'Lost Edit' }),
      archived: true,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('CONFLICT');
    expect((await api('GET', `${base}/${customer.id}`, admin.headers)).json()).toEqual(saved.json());
  });

  it('archives and restores a customer', async () => {
    const { admin, base } = await newMerchant();
    const customer = await addCustomer(base, admin.headers, { title: 'Seasonal Kiosk' });
    const body = { ...details({ title: 'Seasonal Kiosk' }) };
    const archived = await api('PUT', `${base}/${customer.id}`, admin.headers, {
      ...body,
      archived: true,
      version: 1,
    });
    expect(archived.json()).toMatchObject({ archived: true, version: 2 });
    const activeIds = async () =>
      ((await api('GET', base, admin.headers)).json().items as Customer[]).map((c) => c.id);
    expect(await activeIds()).not.toContain(customer.id);

    const restored = await api('PUT', `${base}/${customer.id}`, admin.headers, {
      ...body,
      archived: false,
      version: 2,
    });
    expect(restored.json()).toMatchObject({ archived: false, version: 3 });
    expect(await activeIds()).toContain(customer.id);
  });

  it('takes exactly one of two identical edits sent at once', async () => {
    const { admin, base } = await newMerchant();
    const customer = await addCustomer(base, admin.headers, { title: 'Double Click Café' });
    const edit = () =>
      api('PUT', `${base}/${customer.id}`, admin.headers, {
        ...details({ title: 'Double Click Café', phone: '02 9000 0000' }),
        archived: false,
        version: 1,
      });
    const answers = await Promise.all([edit(), edit()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const read = (await api('GET', `${base}/${customer.id}`, admin.headers)).json();
    expect(read).toMatchObject({ phone: '02 9000 0000', version: 2 });
  });
});

describe('payment settings', () => {
  it('are read by any member and changed only by an Admin', async () => {
    const { merchant, admin, base } = await newMerchant();
    const customer = await addCustomer(base, admin.headers, { title: 'Terms Tester' });
    const url = `/organisations/${merchant.id}/customer/${customer.id}/settings`;
    const user = await memberOf(merchant.id, 'User');
    expect((await api('GET', url, user.headers)).json()).toEqual(DEFAULT_SETTINGS);

    const wanted = {
      is_payments_enabled: true,
      payment_terms_days: 0,
      credit_limit_cents: 1_000_000,
      is_tax_exempt: true,
      is_overdue_reminders_enabled: false,
    };
    const byUser = await api('PUT', url, user.headers, wanted);
    expect(byUser.statusCode).toBe(403);
    expect((await api('GET', url, admin.headers)).json()).toEqual(DEFAULT_SETTINGS);

    const byAdmin = await api('PUT', url, admin.headers, wanted);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual(wanted);
    expect((await api('GET', url, user.headers)).json()).toEqual(wanted);
    expect((await api('GET', `${base}/${customer.id}`, user.headers)).json().payment_settings).toEqual(
      wanted,
    );
  });

  it('keep a GST exemption that a change leaves out, and clear it only when told', async () => {
    const { merchant, admin, base } = await newMerchant();
    const customer = await addCustomer(base, admin.headers, { title: 'Exporter' });
    const url = `/organisations/${merchant.id}/customer/${customer.id}/settings`;
    const terms = { is_payments_enabled: false, payment_terms_days: 30, credit_limit_cents: null };
    expect(
      (await api('PUT', url, admin.headers, { ...terms, is_tax_exempt: true })).json().is_tax_exempt,
    ).toBe(true);
    // An older client that does not know the exemption saves the terms alone: it stays.
    const kept = await api('PUT', url, admin.headers, { ...terms, payment_terms_days: 7 });
    expect(kept.json()).toEqual({
      ...terms,
      payment_terms_days: 7,
      is_tax_exempt: true,
      is_overdue_reminders_enabled: true,
    });
    expect((await api('GET', url, admin.headers)).json().is_tax_exempt).toBe(true);
    const cleared = await api('PUT', url, admin.headers, { ...terms, is_tax_exempt: false });
    expect(cleared.json().is_tax_exempt).toBe(false);
    const invalid = await api('PUT', url, admin.headers, { ...terms, is_tax_exempt: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.map((d: { path: string }) => d.path)).toEqual(['body.is_tax_exempt']);
  });

  it('keep overdue reminders as they are when a change leaves them out, and switch them when told', async () => {
    const { merchant, admin, base } = await newMerchant();
    const customer = await addCustomer(base, admin.headers, { title: 'Slow Payer' });
    const url = `/organisations/${merchant.id}/customer/${customer.id}/settings`;
    const terms = { is_payments_enabled: true, payment_terms_days: 14, credit_limit_cents: null };
    const off = await api('PUT', url, admin.headers, { ...terms, is_overdue_reminders_enabled: false });
    expect(off.json().is_overdue_reminders_enabled).toBe(false);
    const kept = await api('PUT', url, admin.headers, { ...terms, payment_terms_days: 30 });
    expect(kept.json()).toMatchObject({ payment_terms_days: 30, is_overdue_reminders_enabled: false });
    expect((await api('GET', `${base}/${customer.id}`, admin.headers)).json().payment_settings).toMatchObject(
      {
        is_overdue_reminders_enabled: false,
      },
    );
    const on = await api('PUT', url, admin.headers, { ...terms, is_overdue_reminders_enabled: true });
    expect((await api('GET', url, admin.headers)).json().is_overdue_reminders_enabled).toBe(true);
    expect(on.statusCode).toBe(200);
    const user = await memberOf(merchant.id, 'User');
    const byUser = await api('PUT', url, user.headers, { ...terms, is_overdue_reminders_enabled: false });
    expect(byUser.statusCode).toBe(403);
    const invalid = await api('PUT', url, admin.headers, { ...terms, is_overdue_reminders_enabled: 1 });
    expect(invalid.json().details.map((d: { path: string }) => d.path)).toEqual([
      'body.is_overdue_reminders_enabled',
    ]);
  });
});

describe('the customer’s people', () => {
  it('invites on the merchant’s behalf, lists the invitation, and refuses a second one', async () => {
    const { admin, base } = await newMerchant();
    const customer = await addCustomer(base, admin.headers, { title: 'Two Doors Bistro' });
    const url = `${base}/${customer.id}/users`;
    expect((await api('GET', url, admin.headers)).json()).toEqual([]);

    const invited = await api('POST', url, admin.headers, {
      email: ' Chef@TwoDoors.test ',
      user_level: 'User',
    });
    expect(invited.statusCode).toBe(201);
    const invitation = {
      user_id: null,
      invitation_id: expect.any(String),
      name: null,
      email: 'chef@twodoors.test',
      user_level: 'User',
      status: 'INVITED',
    };
    expect(invited.json()).toEqual(invitation);
    expect((await api('GET', url, admin.headers)).json()).toEqual([invitation]);
    const mail = await latestMailTo(t.database.db, { to: 'chef@twodoors.test' });
    expect(mail?.subject).toContain('Two Doors Bistro');
    expect(linkIn(mail!.textBody, '/sign-up').searchParams.get('invitation')).toBeTruthy();

    const again = await api('POST', url, admin.headers, { email: 'chef@twodoors.test', user_level: 'Admin' });
    expect(again.statusCode).toBe(409);
    expect((await api('GET', url, admin.headers)).json()).toHaveLength(1);
  });
});
