import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganisation,
  createTestApp,
  createUser,
  inviteToOrganisation,
  linkCustomer,
  signInAs,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const current = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers });

describe('GET /api/v1/users/current', () => {
  it('returns exactly the SPEC §3 shape for a merchant admin', async () => {
    const { db } = t.database;
    const user = await createUser(db, { name: 'Mia Chen' });
    const trialEnd = new Date('2030-01-15T00:00:00.000Z');
    const merchant = await createOrganisation(db, {
      title: 'Harbourside',
      paymentsEnabled: true,
      advancedTaxEnabled: true,
      trialEnd,
    });
    await addMember(db, { userId: user.id, organisationId: merchant.id, level: 'Admin' });
    const { headers } = await signInAs(t.app, user.email);

    const response = await current(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      title: 'Mia Chen',
      is_merchant: true,
      image: null,
      settings: { payments_enabled: true, advanced_tax_enabled: true },
      customer: null,
      merchant: null,
      trial_end: trialEnd.toISOString(),
      deactivate_date: null,
      payment_failed_date: null,
      organisations: [
        {
          id: merchant.id,
          title: 'Harbourside',
          active: true,
          invitation_accepted: true,
          user_level: 'Admin',
        },
      ],
      customer_view: null,
    });
  });

  it('describes a customer organisation with its merchant and payment settings', async () => {
    const { db } = t.database;
    const user = await createUser(db);
    const merchant = await createOrganisation(db, { title: 'Supplier Co' });
    const cafe = await createOrganisation(db, { kind: 'CUSTOMER', title: 'Cafe' });
    await addMember(db, { userId: user.id, organisationId: cafe.id, level: 'User' });
    await linkCustomer(db, {
      merchantId: merchant.id,
      customerOrganisationId: cafe.id,
      isPaymentsEnabled: true,
    });
    const { headers } = await signInAs(t.app, user.email);

    const body = (await current(headers)).json();
    expect(body.is_merchant).toBe(false);
    expect(body.merchant).toEqual({ title: 'Supplier Co', image: null });
    expect(body.customer).toEqual({ payment_settings: { is_payments_enabled: true } });
    expect(body.organisations[0].user_level).toBe('User');
  });

  it('acts for the organisation named in X-Organisation-Id, falling back to the first usable one', async () => {
    const { db } = t.database;
    const user = await createUser(db);
    const first = await createOrganisation(db, { title: 'First', paymentsEnabled: false });
    const second = await createOrganisation(db, { title: 'Second', paymentsEnabled: true });
    const pending = await createOrganisation(db, { title: 'Pending', paymentsEnabled: true });
    const stranger = await createOrganisation(db, { title: 'Someone else', paymentsEnabled: true });
    await addMember(db, { userId: user.id, organisationId: first.id });
    await addMember(db, { userId: user.id, organisationId: second.id, level: 'User' });
    await inviteToOrganisation(db, { organisationId: pending.id, email: user.email });
    const { headers } = await signInAs(t.app, user.email);

    expect(
      (await current({ ...headers, 'x-organisation-id': second.id })).json().settings.payments_enabled,
    ).toBe(true);
    // Not accepted, another tenant's id, or garbage: all fall back to the first usable one.
    for (const id of [pending.id, stranger.id, 'not-a-uuid']) {
      const body = (await current({ ...headers, 'x-organisation-id': id })).json();
      expect(body.settings.payments_enabled).toBe(false);
      expect(body.organisations.map((o: { title: string }) => o.title)).not.toContain('Someone else');
    }
    const listed = (await current(headers)).json().organisations;
    expect(listed.find((o: { id: string }) => o.id === pending.id).invitation_accepted).toBe(false);
  });

  it('keeps a merchant past its deactivate_date selected, with the date, so its Admin can reach billing', async () => {
    const { db } = t.database;
    const user = await createUser(db);
    const deactivateDate = new Date(Date.now() - 60_000);
    const lapsed = await createOrganisation(db, { deactivateDate });
    await addMember(db, { userId: user.id, organisationId: lapsed.id, level: 'Admin' });
    const { headers } = await signInAs(t.app, user.email);
    const body = (await current(headers)).json();
    expect(body.organisations[0]).toMatchObject({ id: lapsed.id, active: true });
    expect(body.is_merchant).toBe(true);
    expect(body.deactivate_date).toBe(deactivateDate.toISOString());
    // Only billing answers it; its other endpoints refuse the lapsed membership.
    const billing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organisations/${lapsed.id}/billing?flow=existing`,
      headers,
    });
    expect(billing.statusCode).toBe(200);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organisations/${lapsed.id}/settings`,
      headers,
    });
    expect(settings.statusCode).toBe(404);
  });

  it('is 401 without a token, with a forged one, and with an expired one', async () => {
    expect((await current({})).statusCode).toBe(401);
    expect((await current({ authorization: 'Bearer abc.def.ghi' })).json().error_code).toBe('UNAUTHORIZED');

    const user = await createUser(t.database.db);
    const { headers } = await signInAs(t.app, user.email);
    t.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      expect((await current(headers)).statusCode).toBe(401);
    } finally {
      t.setNow(new Date());
    }
  });
});
