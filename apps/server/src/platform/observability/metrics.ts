import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';

/**
 * The Prometheus metrics (prom-client): requests per route, job attempts, the job queues' depth
 * and the database pool. Each app has its own registry, so the API tests can build many apps in
 * one process; main.ts serves it on METRICS_PORT (metrics-server.ts).
 */
export type Metrics = {
  registry: Registry;
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
  /** One job attempt's outcome (JobsOptions.onAttempt). */
  jobAttempt(attempt: { queue: string; ok: boolean; seconds: number }): void;
  /** Reads the queues' depth from this job queue at each scrape. */
  watchJobs(jobs: Pick<Jobs, 'depth'>): void;
  /** Adds the process's own metrics (CPU, memory, event-loop lag, heap): main.ts only. */
  collectProcessMetrics(): void;
};

// Seconds; the budgets are 50 ms for reads and 100 ms for placing an order (scripts/bench).
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  let jobs: Pick<Jobs, 'depth'> | undefined;

  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route (its pattern, not its address), method and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'job_duration_seconds',
    help: 'Time a job attempt took, by queue and outcome',
    labelNames: ['queue', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Job attempts that failed (each is retried with backoff until its retries run out)',
    labelNames: ['queue'],
    registers: [registry],
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting (created, retry) or running (active), by queue',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      // A database that does not answer leaves the gauge empty rather than failing the scrape:
      // the other metrics (the 503s, say) are what an operator needs then.
      const rows = await jobs?.depth().catch(() => []);
      for (const row of rows ?? []) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  if (database.poolStats) {
    const poolStats = database.poolStats;
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: max (DATABASE_POOL_SIZE), open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'max' }, stats.max);
        this.set({ state: 'open' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      requestSeconds.observe({ method, route, status_code: String(status) }, seconds);
    },
    jobAttempt({ queue, ok, seconds }) {
      jobSeconds.observe({ queue, outcome: ok ? 'completed' : 'failed' }, seconds);
      if (!ok) jobFailures.inc({ queue });
    },
    watchJobs(watched) {
      jobs = watched;
    },
    collectProcessMetrics() {
      collectDefaultMetrics({ register: registry });
    },
  };
}

/**
 * Times every answer by its route's pattern (`/api/v1/orders/:id`), so the label set stays as
 * small as the route table; requests no route matched share one label.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}
