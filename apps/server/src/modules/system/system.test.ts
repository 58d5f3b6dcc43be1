import { endpoints } from '@tradeport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { tmpdir } from 'node:os';
import { createAccessTokens } from '../../platform/auth/access-tokens.ts';
import { createBotCheck } from '../../platform/auth/bot-check.ts';
import { createImageStorage } from '../../platform/storage/create-image-storage.ts';
import { loadConfig } from '../../platform/config.ts';
import { openDatabase } from '../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { createReadiness } from '../../platform/http/readiness.ts';
import { createMetrics } from '../../platform/observability/metrics.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/environment', () => {
  it('says PRODUCTION by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/environment' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ environment: 'PRODUCTION' });
  });
});

describe('GET /api/v1/health', () => {
  it('checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('API conventions', () => {
  it('answers unknown API paths with a 404 error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error_code: 'NOT_FOUND' });
  });

  it('rejects malformed JSON with INVALID_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error_code: 'INVALID_JSON',
      message: expect.any(String),
      request_id: expect.any(String),
    });
  });

  it('rejects a non-JSON content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error_code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('rejects an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error_code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lists field problems for an invalid body, without a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error_code).toBe('VALIDATION_ERROR');
    expect(body.details.map((d: { path: string }) => d.path)).toEqual(['body.email', 'body.password']);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers text the database cannot store (a NUL byte) with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: 'a@b.test', password: 'pass\u0000word' },
    });
    expect(response.statusCode).not.toBe(500);
    const owner = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organisations/login/slug/ab%00cd',
    });
    expect(owner.statusCode).toBe(400);
    expect(owner.json().error_code).toBe('VALIDATION_ERROR');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/v1/environment',
      '/api/v1/health',
      '/api/v1/auth/sign-in',
      '/api/v1/users/current',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('documents every SPEC §7 people, organisations and customers path', async () => {
    const paths = Object.keys(
      (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths,
    );
    const specPaths = [
      '/users',
      '/users/current',
      '/users/current/reset-password',
      '/organisations/{id}',
      '/organisations/{id}/settings',
      '/organisations/merchant',
      '/organisations/merchant/{id}/customer',
      '/organisations/{id}/customers',
      '/organisations/{id}/customers/{cid}',
      '/organisations/{id}/customers/house-accounts',
      '/organisations/{id}/customer/{cid}/settings',
      '/organisations/{id}/users',
      '/organisations/{id}/customers/{cid}/users',
      '/organisations/{id}/user/{uid}',
      '/organisations/{id}/invite-user',
      '/organisations/{id}/accept-invite',
      '/organisations/{id}/user/{uid}/resend-invite',
      '/organisations/login/slug/{slug}',
      '/s3/presigned-upload-url/image-type/{type}',
      '/environment',
    ];
    for (const path of specPaths) expect(paths).toContain(`/api/v1${path}`);
  });

  it('registers every endpoint the contract declares', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const missing = endpoints.filter((e) => !paths[`/api/v1${e.path}`]?.[e.method.toLowerCase()]);
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
    expect(endpoints.length).toBeGreaterThan(35);
  });

  it('answers every endpoint that needs a session with 401 when there is none', async () => {
    const placeholder = '00000000-0000-4000-8000-000000000000';
    const refused = [];
    for (const endpoint of endpoints.filter((e) => e.auth === 'user')) {
      const url = `/api/v1${endpoint.path.replace(/\{(\w+)\}/g, (_, name) => (name === 'type' ? 'png' : placeholder))}`;
      const response = await t.app.inject({
        method: endpoint.method,
        url,
        payload: endpoint.body ? {} : undefined,
      });
      if (response.statusCode !== 401 || response.json().error_code !== 'UNAUTHORIZED') {
        refused.push(`${endpoint.method} ${endpoint.path} → ${response.statusCode}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('serves the API reference UI', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('a dropped database connection', () => {
  it('answers 503 SERVICE_UNAVAILABLE instead of crashing', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error_code).toBe('SERVICE_UNAVAILABLE');
    // Stopping its jobs fails on the closed database; close() still drops the copy on PostgreSQL.
    await broken.close().catch(() => {});
  });
});

describe('a database that cannot be reached', () => {
  it('answers an authenticated route with 503, not 500', async () => {
    // Nothing listens on port 1: every query fails with ECONNREFUSED, as when the server is down.
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' });
    const tokens = createAccessTokens('another-test-secret-long-enough-0123456789');

    const secret = 'another-test-secret-long-enough-0123456789';
    const app = await buildApp({
      config: loadConfig({}),
      database,
      tokens,
      botCheck: createBotCheck(secret),
      // No route in this test sends mail; with no database there is nowhere to queue it anyway.
      mail: { queue: () => Promise.reject(new Error('no database')) },
      jobs: { sendInTransaction: () => Promise.reject(new Error('no database')) },
      storage: await createImageStorage({
        localDir: tmpdir(),
        signingSecret: secret,
        apiBaseUrl: 'http://localhost',
      }),
      accounting: {},
      now: () => new Date(),
      metrics: createMetrics(database),
      readiness: createReadiness(database),
      logger: false,
      webDistDir: '/nonexistent',
    });
    const { access_token } = await tokens.issue('00000000-0000-4000-8000-000000000000');
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error_code).toBe('SERVICE_UNAVAILABLE');
    expect(response.headers['retry-after']).toBe('5');
    await app.close();
    await database.close();
  });
});
