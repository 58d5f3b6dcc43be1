import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.ts';
import {
  createTestApp,
  createUser,
  errorBodyOf,
  signInAs,
  TEST_PASSWORD,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let email: string;
beforeAll(async () => {
  t = await createTestApp();
  email = (await createUser(t.database.db)).email;
});
afterAll(() => t.close());

const refresh = (cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    cookies: cookie ? { tp_refresh: cookie } : {},
  });

describe('POST /api/v1/auth/sign-in', () => {
  it('issues a 15-minute access token and an httpOnly refresh cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const lifetime = new Date(body.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
    const cookie = response.cookies.find((c) => c.name === 'tp_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/v1/auth', sameSite: 'Strict' });
  });

  it('answers wrong password and unknown email identically', async () => {
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password: 'not-the-password' },
    });
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: 'nobody@example.test', password: 'not-the-password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(errorBodyOf(wrongPassword)).toEqual(errorBodyOf(unknownEmail));
    expect(wrongPassword.json().error_code).toBe('INVALID_CREDENTIALS');
    expect(wrongPassword.cookies).toEqual([]);
  });

  it('validates the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('VALIDATION_ERROR');
  });

  it('rate-limits guessing at one account', async () => {
    const target = (await createUser(t.database.db)).email;
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: target, password: `guess-${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  const signInFrom = (address: string, body: { email: string; password: string }) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', remoteAddress: address, payload: body });

  it('does not count successful sign-ins against the limits', async () => {
    const owner = (await createUser(t.database.db)).email;
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await signInFrom('192.0.2.10', { email: owner, password: TEST_PASSWORD })).statusCode);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    // And they leave the full allowance of mistakes.
    for (let i = 0; i < 10; i++) {
      expect((await signInFrom('192.0.2.10', { email: owner, password: `typo-${i}` })).statusCode).toBe(401);
    }
  });

  it('does not let failures from one address lock the owner out from another', async () => {
    const owner = (await createUser(t.database.db)).email;
    for (let i = 0; i < 10; i++) {
      expect((await signInFrom('192.0.2.66', { email: owner, password: `guess-${i}` })).statusCode).toBe(401);
    }
    const blocked = await signInFrom('192.0.2.66', { email: owner, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error_code: 'RATE_LIMITED',
      message: expect.any(String),
      request_id: expect.any(String),
    });
    expect((await signInFrom('192.0.2.20', { email: owner, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('stops guessing from many addresses at a slower ceiling per account', async () => {
    const owner = (await createUser(t.database.db)).email;
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      for (let i = 0; i < 10; i++) {
        expect((await signInFrom(address, { email: owner, password: `guess-${i}` })).statusCode).toBe(401);
      }
    }
    const response = await signInFrom('198.51.100.4', { email: owner, password: 'guess-again' });
    expect(response.statusCode).toBe(429);
    expect(response.json().error_code).toBe('RATE_LIMITED');
  });

  it('stores passwords as argon2id hashes', async () => {
    expect(await hashPassword('whatever')).toMatch(/^\$argon2id\$/);
  });
});

describe('POST /api/v1/auth/refresh', () => {
  it('rotates the cookie and issues a working access token', async () => {
    const session = await signInAs(t.app, email);
    const response = await refresh(session.refreshCookie);
    expect(response.statusCode).toBe(200);
    const next = response.cookies.find((c) => c.name === 'tp_refresh')?.value;
    expect(next).toBeTruthy();
    expect(next).not.toBe(session.refreshCookie);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: { authorization: `Bearer ${response.json().access_token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('is 401 without a cookie or with an unknown one', async () => {
    expect((await refresh()).statusCode).toBe(401);
    const unknown = await refresh('made-up-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error_code).toBe('UNAUTHORIZED');
  });

  it('tolerates two tabs refreshing with the same cookie at once', async () => {
    const session = await signInAs(t.app, email);
    const [first, second] = await Promise.all([
      refresh(session.refreshCookie),
      refresh(session.refreshCookie),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
  });

  it('treats a long-used token coming back as theft and ends that sign-in everywhere', async () => {
    const session = await signInAs(t.app, email);
    const rotated = (await refresh(session.refreshCookie)).cookies.find(
      (c) => c.name === 'tp_refresh',
    )!.value;
    t.setNow(new Date(Date.now() + 5 * 60_000));
    try {
      expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
      // The legitimate holder's newer token is revoked too.
      expect((await refresh(rotated)).statusCode).toBe(401);
    } finally {
      t.setNow(new Date());
    }
  });
});

describe('POST /api/v1/auth/sign-out', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const session = await signInAs(t.app, email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      cookies: { tp_refresh: session.refreshCookie! },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signed_out: true });
    expect(response.cookies.find((c) => c.name === 'tp_refresh')?.value).toBe('');
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });

  it('succeeds without a session too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out' });
    expect(response.statusCode).toBe(200);
  });
});
