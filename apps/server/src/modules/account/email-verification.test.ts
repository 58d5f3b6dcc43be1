import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganisation,
  createTestApp,
  inviteToOrganisation,
  latestMailTo,
  linkIn,
  solveBotCheck,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

async function signUp(email: string, extra: object = {}) {
  const response = await api(
    'POST',
    '/users',
    {},
    {
      name: 'Ava Nguyen',
      email,
      password: 'long walks on the pier',
      altcha: await solveBotCheck(t.app),
      ...extra,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return { authorization: `Bearer ${response.json().access_token}` };
}

const uniqueEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2)}@example.test`;

async function emailedCode(email: string) {
  const mail = await latestMailTo(t.database.db, { to: email, subject: /confirm/i });
  const code = linkIn(mail!.textBody, '/sign-up/verify-email').searchParams.get('code')!;
  expect(mail!.textBody).toContain(code);
  return code;
}

describe('email verification after sign-up', () => {
  it('keeps invitations to the email hidden and unanswerable until the emailed code comes back', async () => {
    const organisation = await createOrganisation(t.database.db, { title: 'Pier Street Produce' });
    const email = uniqueEmail('invited');
    await inviteToOrganisation(t.database.db, { organisationId: organisation.id, email });
    // Someone signs up with that address without the invitation link: nothing proves it is theirs.
    const headers = await signUp(email);

    expect((await api('GET', '/users/current/account', headers)).json().email_verified).toBe(false);
    expect((await api('GET', '/users/current/invitations', headers)).json()).toEqual([]);
    expect((await api('GET', '/users/current', headers)).json().organisations).toEqual([]);
    const accept = await api('POST', `/organisations/${organisation.id}/accept-invite`, headers, {});
    expect(accept.statusCode).toBe(403);
    expect(accept.json()).toEqual({
      error_code: 'FORBIDDEN',
      message: expect.stringMatching(/confirm/i),
      request_id: expect.any(String),
    });
    const decline = await api('POST', `/organisations/${organisation.id}/decline-invite`, headers);
    expect(decline.statusCode).toBe(403);

    const wrong = await api('POST', '/users/current/verify-email', headers, {
      code: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA-A',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ path: 'body.code', message: expect.any(String) }]);

    const code = await emailedCode(email);
    const verified = await api('POST', '/users/current/verify-email', headers, {
      code: code.toLowerCase().replace(/-/g, ''),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ verified: true });
    expect((await api('GET', '/users/current/account', headers)).json().email_verified).toBe(true);

    expect((await api('GET', '/users/current/invitations', headers)).json()).toEqual([
      expect.objectContaining({ organisation_id: organisation.id }),
    ]);
    expect((await api('GET', '/users/current', headers)).json().organisations).toEqual([
      expect.objectContaining({ id: organisation.id, invitation_accepted: false }),
    ]);
    const accepted = await api('POST', `/organisations/${organisation.id}/accept-invite`, headers, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('counts signing up through the invitation link as proof of the email', async () => {
    const { admin, base } = await merchantInviting();
    const email = uniqueEmail('linked');
    const invited = await api('POST', base, admin, { email, user_level: 'User' });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await latestMailTo(t.database.db, { to: email, subject: /invit/i });
    const token = linkIn(mail!.textBody, '/sign-up').searchParams.get('invitation')!;
    const headers = await signUp(email, { invitation_token: token });
    expect((await api('GET', '/users/current/account', headers)).json().email_verified).toBe(true);
    expect(await latestMailTo(t.database.db, { to: email, subject: /confirm/i })).toBeUndefined();
  });

  it('uses each code once, expires it after a day and rate-limits resending', async () => {
    const email = uniqueEmail('expiry');
    const headers = await signUp(email);
    const first = await emailedCode(email);
    t.setNow(new Date(Date.now() + 25 * 60 * 60_000));
    try {
      // A day on, the access token from sign-up has long expired too: sign in again.
      const signedIn = await api('POST', '/auth/sign-in', {}, { email, password: 'long walks on the pier' });
      const later = { authorization: `Bearer ${signedIn.json().access_token}` };
      const late = await api('POST', '/users/current/verify-email', later, { code: first });
      expect(late.statusCode).toBe(400);
    } finally {
      t.setNow(new Date());
    }
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await api('POST', '/users/current/verify-email/resend', headers)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const fresh = await emailedCode(email);
    expect(fresh).not.toBe(first);
    expect((await api('POST', '/users/current/verify-email', headers, { code: fresh })).statusCode).toBe(200);
    // Verified: the same code again (a second tap on the link) is not an error.
    expect((await api('POST', '/users/current/verify-email', headers, { code: fresh })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await api('POST', '/users/current/verify-email', {}, { code: 'x' })).statusCode).toBe(401);
    expect((await api('POST', '/users/current/verify-email/resend')).statusCode).toBe(401);
  });
});

/** A merchant whose Admin invites through the API, so the invitation email carries a real link. */
async function merchantInviting() {
  const adminHeaders = await signUp(uniqueEmail('admin'));
  const created = await api('POST', '/organisations', adminHeaders, {
    title: 'Harbour Wholesale',
    slug: `harbour-${Math.random().toString(36).slice(2, 10)}`,
    abn: null,
    contact_email: null,
    phone: null,
    address_line1: null,
    address_line2: null,
    suburb: null,
    state: null,
    postcode: null,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { admin: adminHeaders, base: `/organisations/${created.json().id}/invite-user` };
}
