import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';

// GET /api/v1/ready is what a load balancer asks before sending this process traffic; the
// X-Request-Id header and error bodies' request_id are how support finds a failing request.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ready = () => t.app.inject({ method: 'GET', url: '/api/v1/ready' });

describe('GET /api/v1/ready', () => {
  it('is not ready until start-up is done, then ready', async () => {
    const starting = await ready();
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toMatchObject({ error_code: 'SERVICE_UNAVAILABLE', message: /starting/ });
    expect(starting.headers['retry-after']).toBe('5');

    t.deps.readiness.markReady();
    const answer = await ready();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while the schema is older than the code (another process still migrating)', async () => {
    t.deps.readiness.markReady();
    const newest = (await t.database.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    const row = newest.rows[0]!;
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const answer = await ready();
      expect(answer.statusCode).toBe(503);
      expect(answer.json().message).toMatch(/schema is older/);
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('is not ready once shutting down, and turns new requests away in the error shape', async () => {
    const stopping = await createTestApp();
    try {
      stopping.deps.readiness.markReady();
      stopping.deps.readiness.markStopping();
      const probe = await stopping.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(probe.statusCode).toBe(503);
      const other = await stopping.app.inject({ method: 'GET', url: '/api/v1/environment' });
      expect(other.statusCode).toBe(503);
      expect(other.headers.connection).toBe('close');
      expect(other.json()).toEqual({
        error_code: 'SERVICE_UNAVAILABLE',
        message: 'This server is shutting down; please try again.',
        request_id: other.headers['x-request-id'],
      });
    } finally {
      await stopping.close();
    }
  });

  it('is not ready when the database does not answer', async () => {
    const broken = await createTestApp();
    broken.deps.readiness.markReady();
    await broken.database.close();
    const answer = await broken.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toMatch(/not answering/);
    await broken.close().catch(() => {});
  });
});

describe('request ids', () => {
  it('names every answer, and puts the same id in an error body', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/environment' });
    const failed = await t.app.inject({ method: 'GET', url: '/api/v1/orders/not-an-order' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(failed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(failed.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
    expect(failed.json().request_id).toBe(failed.headers['x-request-id']);
  });

  it('keeps a proxy’s plain id, and replaces one that could forge log lines', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nowhere',
      headers: { 'x-request-id': 'lb-7f3a9c21.0001' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a9c21.0001');
    expect(given.json().request_id).toBe('lb-7f3a9c21.0001');

    for (const forged of ['short', 'x'.repeat(65), 'abc def ghi jkl', 'id"}\n{"level":60']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/nowhere',
        headers: { 'x-request-id': forged },
      });
      expect(answer.headers['x-request-id'], forged).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
