import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  latestMailTo,
  linkIn,
  signInAs,
  solveBotCheck,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@tradeport.test', SUPPORT_PHONE: '1300 555 010' });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

const signUpBody = async (overrides: object = {}) => ({
  name: 'Ava Nguyen',
  email: `ava-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'long walks on the pier',
  altcha: await solveBotCheck(t.app),
  ...overrides,
});

describe('POST /api/v1/users (sign-up)', () => {
  it('creates the account and signs in with a refresh cookie', async () => {
    const body = await signUpBody();
    const response = await post('/users', body);
    expect(response.statusCode).toBe(201);
    expect(response.json().access_token).toBeTruthy();
    expect(response.cookies.find((c) => c.name === 'tp_refresh')?.httpOnly).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: { authorization: `Bearer ${response.json().access_token}` },
    });
    expect(me.json()).toMatchObject({ title: 'Ava Nguyen', organisations: [] });
  });

  it('refuses a duplicate email with a field error', async () => {
    const existing = await createUser(t.database.db);
    const response = await post('/users', await signUpBody({ email: existing.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([
      { path: 'body.email', message: expect.stringMatching(/already exists/) },
    ]);
  });

  it('refuses short and common passwords with field errors', async () => {
    const short = await post('/users', await signUpBody({ password: 'abc' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].path).toBe('body.password');
    const common = await post('/users', await signUpBody({ password: 'password123' }));
    expect(common.statusCode).toBe(400);
    expect(common.json().details).toEqual([
      { path: 'body.password', message: expect.stringMatching(/common/) },
    ]);
  });

  it('refuses a missing, forged or reused bot-check solution', async () => {
    const missing = await post('/users', { ...(await signUpBody()), altcha: '' });
    expect(missing.json().details[0].path).toBe('body.altcha');
    const forged = await post(
      '/users',
      await signUpBody({ altcha: Buffer.from('{"x":1}').toString('base64') }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().details[0].path).toBe('body.altcha');

    const solved = await solveBotCheck(t.app);
    expect((await post('/users', await signUpBody({ altcha: solved }))).statusCode).toBe(201);
    const replay = await post('/users', await signUpBody({ altcha: solved }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().details[0]).toEqual({
      path: 'body.altcha',
      message: expect.stringMatching(/already used/),
    });
  });
});

describe('the account of the signed-in person', () => {
  it('reads and updates the profile', async () => {
    const user = await createUser(t.database.db, { name: 'Before' });
    const { headers } = await signInAs(t.app, user.email);
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/users/current/account', headers });
    expect(read.json()).toEqual({
      id: user.id,
      name: 'Before',
      email: user.email,
      image: null,
      email_verified: true,
    });
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/current',
      headers,
      payload: { name: '  After  ', image: null },
    });
    expect(updated.json().name).toBe('After');
  });

  it('refuses an image URL that is not an upload of theirs', async () => {
    const user = await createUser(t.database.db);
    const { headers } = await signInAs(t.app, user.email);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/current',
      headers,
      payload: { name: 'X', image: 'https://evil.example/logo.png' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('body.image');
  });

  it('changes the password and ends every other session', async () => {
    const user = await createUser(t.database.db);
    const other = await signInAs(t.app, user.email);
    const here = await signInAs(t.app, user.email);
    const wrong = await post(
      '/users/current/reset-password',
      { current_password: 'not it', new_password: 'a brand new secret' },
      here.headers,
    );
    expect(wrong.json().details[0].path).toBe('body.current_password');

    const changed = await post(
      '/users/current/reset-password',
      { current_password: TEST_PASSWORD, new_password: 'a brand new secret' },
      here.headers,
    );
    expect(changed.statusCode).toBe(200);
    const fresh = changed.cookies.find((c) => c.name === 'tp_refresh')?.value;
    expect(fresh).toBeTruthy();
    const refresh = (cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { tp_refresh: cookie ?? '' } });
    expect((await refresh(other.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(fresh)).statusCode).toBe(200);
    expect(
      (await post('/auth/sign-in', { email: user.email, password: 'a brand new secret' })).statusCode,
    ).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for an unknown email and sends nothing', async () => {
    const response = await post('/auth/password-reset', { email: 'nobody-here@example.test' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: true });
    expect(await latestMailTo(t.database.db, { to: 'nobody-here@example.test' })).toBeUndefined();
  });

  it('emails a code and link that set a new password once and sign every session out', async () => {
    const user = await createUser(t.database.db);
    const session = await signInAs(t.app, user.email);
    expect((await post('/auth/password-reset', { email: user.email })).statusCode).toBe(202);
    const mail = await latestMailTo(t.database.db, { to: user.email, subject: /reset/i });
    const link = linkIn(mail!.textBody, '/sign-in/reset-password/verify');
    const code = link.searchParams.get('code')!;
    expect(code.replace(/-/g, '')).toHaveLength(26); // 130 bits
    expect(mail!.textBody).toContain(code);

    const wrong = await post('/auth/password-reset/verify', {
      email: user.email,
      code: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA-A',
      new_password: 'my fresh passphrase',
    });
    expect(wrong.json().details[0].path).toBe('body.code');

    // Typed in lower case without the hyphens still works.
    const typed = code.toLowerCase().replace(/-/g, '');
    const reset = await post('/auth/password-reset/verify', {
      email: user.email,
      code: typed,
      new_password: 'my fresh passphrase',
    });
    expect(reset.statusCode).toBe(200);
    const again = await post('/auth/password-reset/verify', {
      email: user.email,
      code,
      new_password: 'another passphrase',
    });
    expect(again.statusCode).toBe(400);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      cookies: { tp_refresh: session.refreshCookie! },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(
      (await post('/auth/sign-in', { email: user.email, password: 'my fresh passphrase' })).statusCode,
    ).toBe(200);
  });

  it('expires codes after an hour', async () => {
    const user = await createUser(t.database.db);
    await post('/auth/password-reset', { email: user.email });
    const mail = await latestMailTo(t.database.db, { to: user.email, subject: /reset/i });
    const code = linkIn(mail!.textBody, '/sign-in/reset-password/verify').searchParams.get('code')!;
    t.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      const late = await post('/auth/password-reset/verify', {
        email: user.email,
        code,
        new_password: 'too late now',
      });
      expect(late.statusCode).toBe(400);
    } finally {
      t.setNow(new Date());
    }
  });

  it('rate-limits requests for one email', async () => {
    const email = `limited-${Date.now()}@example.test`;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/auth/password-reset', { email })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('counts by the connecting address, whatever X-Forwarded-For claims (TRUST_PROXY unset)', async () => {
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: `rotating-${i}@example.test` },
      });
      statuses.push(response.statusCode);
    }
    // 30 an hour from one client; a made-up address per request does not make a new client.
    expect(statuses.slice(0, 30).every((status) => status === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  it('counts each client the proxy names, not the proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const statuses = [];
      for (let i = 0; i < 31; i++) {
        const response = await proxied.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password-reset',
          remoteAddress: '10.0.0.2', // the proxy
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { email: `behind-proxy-${i}@example.test` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.every((status) => status === 202)).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('GET /api/v1/support', () => {
  it('gives the configured contact details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/support' });
    expect(response.json()).toEqual({ email: 'help@tradeport.test', phone: '1300 555 010' });
  });
});
