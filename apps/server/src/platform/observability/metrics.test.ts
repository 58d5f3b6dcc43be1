import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { startMetricsServer } from './metrics-server.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const scrape = () => t.deps.metrics.registry.metrics();

describe('metrics', () => {
  it('times requests by route pattern, method and status, not by address', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/environment' });
    await t.app.inject({ method: 'GET', url: '/api/v1/environment' });
    await t.app.inject({ method: 'GET', url: '/api/v1/orders/first' });
    await t.app.inject({ method: 'GET', url: '/api/v1/orders/second' });
    const text = await scrape();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/v1/environment",status_code="200"} 2',
    );
    // Both orders under one label (401: nobody signed in), neither id in the metrics.
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/v1/orders/:id",status_code="401"} 2',
    );
    expect(text).not.toContain('first');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/v1\/environment"/,
    );
  });

  it('counts job attempts and failures, and reads the queues’ depth at each scrape', async () => {
    await t.database.db.transaction(async (tx) => {
      await t.jobs.sendInTransaction(tx, { name: 'metrics.test', data: {} });
      await t.jobs.sendInTransaction(tx, { name: 'metrics.test', data: {} });
    });
    t.deps.metrics.jobAttempt({ queue: 'metrics.test', ok: true, seconds: 0.02 });
    t.deps.metrics.jobAttempt({ queue: 'metrics.test', ok: false, seconds: 0.5 });
    const text = await scrape();
    expect(text).toContain('job_queue_depth{queue="metrics.test",state="created"} 2');
    expect(text).toContain('job_failures_total{queue="metrics.test"} 1');
    expect(text).toContain('job_duration_seconds_count{queue="metrics.test",outcome="completed"} 1');
    expect(text).toContain('job_duration_seconds_count{queue="metrics.test",outcome="failed"} 1');
  });

  it('shows the PostgreSQL pool’s connections (none on the embedded database, which has no pool)', async () => {
    const text = await scrape();
    if (t.database.kind === 'postgres') {
      expect(text).toMatch(/db_pool_connections\{state="max"\} 4/);
      expect(text).toMatch(/db_pool_connections\{state="open"\} [1-4]/);
    } else {
      expect(text).not.toContain('db_pool_connections');
    }
  });

  it('are served on their own port, at GET /metrics only', async () => {
    const server = await startMetricsServer({
      registry: t.deps.metrics.registry,
      port: 0,
      host: '127.0.0.1',
    });
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      expect(await answer.text()).toContain('http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
