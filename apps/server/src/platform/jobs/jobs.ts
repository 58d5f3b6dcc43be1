import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import { createBossDb, transactionBossDb } from '../db/pg-boss-db.ts';

export type JobsLog = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type JobsOptions = {
  /** Postgres schema of pg-boss's tables; default `pgboss`. */
  schema?: string;
  /** How often an idle worker looks for new jobs; default 2 s, at least 0.5 s. */
  pollingIntervalSeconds?: number;
  /** Wait before the first retry; it doubles (with jitter) on each further failure. Default 30 s. */
  retryDelaySeconds?: number;
  /**
   * How long a job may run (default 15 min). Past it the handler's attempt fails here, and a job
   * left `active` by a process that died is failed by maintenance and retried by any process.
   */
  timeoutSeconds?: number;
  /** Worker and maintenance failures; default the console. */
  log?: JobsLog;
  /** Each attempt's outcome and duration, for the metrics. */
  onAttempt?: (attempt: { queue: string; ok: boolean; seconds: number }) => void;
};

export type JobRequest = {
  name: string;
  data: object;
  /** Retries after the first attempt; default 8 (with the default delay: about 2–4 hours in all). */
  retryLimit?: number;
  /** Not before this many seconds from now (a provider's rate limit says when to come back). */
  startAfterSeconds?: number;
};

export type Jobs = {
  /** Installs or migrates pg-boss's schema and starts maintenance. */
  start(): Promise<void>;
  /** Lets running handlers finish (up to 30 s), then stops polling and maintenance. */
  stop(): Promise<void>;
  /** Queues a job through the caller's drizzle transaction: it exists only if that commits. */
  sendInTransaction(tx: Db, job: JobRequest): Promise<void>;
  /**
   * Runs `handler` for each job of `name`, one at a time in this process (fetched a few at a
   * time, so a job may wait for the ones fetched before it). A handler that throws
   * (or runs past the job's timeout) fails the attempt and the job is retried with
   * backoff. Delivery is at least once: handlers must be idempotent.
   */
  work(name: string, handler: (data: unknown) => Promise<void>): Promise<void>;
  /** Jobs waiting (`created`, `retry`) or running (`active`), per queue: the metrics' queue depth. */
  depth(): Promise<{ queue: string; state: string; count: number }[]>;
};

const DEFAULT_SCHEMA = 'pgboss';
const DEFAULT_POLLING_SECONDS = 2;
const MIN_POLLING_SECONDS = 0.5;
const DEFAULT_RETRY_LIMIT = 8;
const DEFAULT_RETRY_DELAY_SECONDS = 30;
const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
/** pg-boss's own default interval for maintenance (expiring jobs, archiving). */
const MAX_MAINTENANCE_SECONDS = 120;
const STOP_TIMEOUT_MS = 30_000;
/** The advisory lock taken in turn to create a queue (sendInTransaction, work). */
const CREATE_QUEUE_LOCK = 7_281_649_016;
/** The advisory lock processes take in turn to start pg-boss (and install its schema). */
const PGBOSS_INSTALL_LOCK = 7_281_649_017;
/** Jobs a worker fetches at once (runWorker). */
const FETCH_BATCH = 10;

const consoleLog: JobsLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

export async function createJobs(database: Database, options: JobsOptions = {}): Promise<Jobs> {
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const pollingMs = pollingInterval(options.pollingIntervalSeconds) * 1000;
  const retryDelay = Math.max(1, Math.round(options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS));
  const log = options.log ?? consoleLog;
  const timeoutSeconds = Math.max(1, Math.round(options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS));
  const bossDb = createBossDb(database);
  const boss = new PgBoss({
    db: bossDb,
    schema,
    migrate: true,
    // Maintenance expires jobs left `active` by a crashed process (so they are retried) and
    // archives finished ones. Its scripts run through createBossDb, which makes them safe on
    // PGlite's single connection; on PostgreSQL a row lock elects one process per interval.
    supervise: true,
    // Often enough that a job a dead process left behind waits at most half its timeout longer.
    maintenanceIntervalSeconds: Math.min(
      MAX_MAINTENANCE_SECONDS,
      Math.max(1, Math.floor(timeoutSeconds / 2)),
    ),
    // No cron API is offered: the timekeeper would only add a polling worker and a clock-skew
    // probe (meaningless on PGlite, whose clock is this process's).
    schedule: false,
  });
  // Maintenance errors arrive as 'error' events; an EventEmitter without a listener would throw.
  boss.on('error', (error) => log.error({ err: error }, 'job queue maintenance failed'));

  // Queue defaults, so jobs inserted by anything (SQL, another process) retry the same way.
  const queueDefaults = {
    policy: 'standard' as const,
    retryLimit: DEFAULT_RETRY_LIMIT,
    retryDelay,
    retryBackoff: true,
    expireInSeconds: timeoutSeconds,
  };
  const stopping = new AbortController();
  const workers: Promise<void>[] = [];
  let starting: Promise<void> | undefined;
  let stopped: Promise<void> | undefined;
  let isStarted = false;

  /** Runs one job's handler: whether it succeeded (a failure is recorded, for a retry, at once). */
  async function runJob(name: string, job: PgBoss.Job<unknown>, handler: (data: unknown) => Promise<void>) {
    const startedAt = performance.now();
    const attempted = (ok: boolean) =>
      options.onAttempt?.({ queue: name, ok, seconds: (performance.now() - startedAt) / 1000 });
    try {
      await withTimeout(handler(job.data), Math.max(1, Number(job.expireInSeconds)) * 1000);
      attempted(true);
      return true;
    } catch (error) {
      attempted(false);
      log.warn({ err: error, job: { id: job.id, name } }, 'job failed; it will be retried with backoff');
      try {
        await boss.fail(name, job.id, failureOutput(error));
      } catch (failError) {
        // The job stays `active`; maintenance expires it and it runs again, hence idempotent handlers.
        log.error({ err: failError, job: { id: job.id, name } }, 'could not record the outcome of a job');
      }
      return false;
    }
  }

  /**
   * Our own fetch → handle → complete/fail loop rather than boss.work(): in pg-boss 10.4 work()
   * neither awaits nor catches complete()/fail(), so a database blip becomes an unhandled
   * rejection (which ends a Node process) and stop() cannot wait for it. Up to FETCH_BATCH jobs
   * are fetched at once and those that succeed are completed together, still handled one at a
   * time: a burst of orders (each queuing a confirmation and its mails) then costs the database
   * two statements per batch rather than two per job, CPU the requests that queued them need.
   */
  async function runWorker(name: string, handler: (data: unknown) => Promise<void>) {
    while (!stopping.signal.aborted) {
      let jobs: PgBoss.Job<unknown>[] = [];
      try {
        // pg-boss swallows fetch errors itself (answering no jobs); the catch is for the rest.
        jobs = await boss.fetch<unknown>(name, { batchSize: FETCH_BATCH });
      } catch (error) {
        log.error({ err: error, queue: name }, 'could not fetch jobs');
      }
      if (jobs.length === 0) {
        await sleep(pollingMs, undefined, { signal: stopping.signal }).catch(() => {});
        continue;
      }
      const done: string[] = [];
      for (const job of jobs) if (await runJob(name, job, handler)) done.push(job.id);
      if (done.length === 0) continue;
      try {
        await boss.complete(name, done);
      } catch (error) {
        // They stay `active`; maintenance expires them and they run again, hence idempotent handlers.
        log.error({ err: error, jobs: done, queue: name }, 'could not record the outcome of jobs');
      }
    }
  }

  return {
    start() {
      if (stopped) return Promise.reject(new Error('These jobs were stopped; create new ones.'));
      // Installing pg-boss's schema takes turns across processes: its own lock, taken inside the
      // installing transaction, leaves a second process's CREATE SCHEMA failing on a fresh database.
      starting ??= database
        .exclusively(PGBOSS_INSTALL_LOCK, () => boss.start())
        .then(() => {
          isStarted = true;
        });
      return starting;
    },

    stop() {
      stopped ??= (async () => {
        stopping.abort();
        await starting?.catch(() => {});
        await withDeadline(Promise.allSettled(workers), STOP_TIMEOUT_MS);
        if (isStarted) await boss.stop({ graceful: false, close: false });
        // pg-boss does not wait for a maintenance statement already under way, and the database
        // may be closed as soon as this returns.
        await bossDb.drain();
      })();
      return stopped;
    },

    async sendInTransaction(tx, job) {
      const db = transactionBossDb(tx);
      const options = {
        db,
        retryLimit: job.retryLimit ?? DEFAULT_RETRY_LIMIT,
        retryDelay,
        retryBackoff: true,
        expireInSeconds: timeoutSeconds,
        ...(job.startAfterSeconds ? { startAfter: Math.ceil(job.startAfterSeconds) } : {}),
      };
      // pg-boss 10 inserts nothing (and answers null) when the queue does not exist yet.
      let id = await boss.send(job.name, job.data, options);
      if (id === null) {
        // First job of its kind: create the queue in the same transaction. create_queue() is what
        // boss.createQueue() runs, but that goes through the process-wide connection, which on
        // PGlite waits for this very transaction to end. It is idempotent (ON CONFLICT DO NOTHING).
        // Two transactions creating the same queue at once deadlock inside create_queue (each
        // holds a lock the other's partition or index insert waits for): the first to get here
        // holds this lock until it commits, the rest then find the queue made.
        await db.executeSql('SELECT pg_advisory_xact_lock($1)', [CREATE_QUEUE_LOCK]);
        await db.executeSql(`SELECT ${schema}.create_queue($1, $2)`, [job.name, queueDefaults]);
        id = await boss.send(job.name, job.data, options);
      }
      if (id === null) throw new Error(`Job ${job.name} could not be queued`);
    },

    async depth() {
      const { rows } = await bossDb.executeSql(
        `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM ${schema}.job
          WHERE state IN ('created', 'retry', 'active') GROUP BY 1, 2`,
      );
      return rows as { queue: string; state: string; count: number }[];
    },

    async work(name, handler) {
      if (!isStarted || stopped) throw new Error('Call jobs.start() before jobs.work()');
      // Under the lock sendInTransaction takes to create a queue: processes starting together
      // would otherwise deadlock inside create_queue, as two first jobs of a kind would.
      await database.exclusively(CREATE_QUEUE_LOCK, () => boss.createQueue(name, { ...queueDefaults, name }));
      workers.push(runWorker(name, handler));
    },
  };
}

function pollingInterval(seconds = DEFAULT_POLLING_SECONDS): number {
  if (!(seconds >= MIN_POLLING_SECONDS)) {
    throw new RangeError(`pollingIntervalSeconds must be at least ${MIN_POLLING_SECONDS}`);
  }
  return seconds;
}

/** What pg-boss stores as the job's output: enough to read in the table, no stack trace. */
function failureOutput(error: unknown): object {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { message: String(error) };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Job handler ran longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function withDeadline(work: Promise<unknown>, ms: number): Promise<void> {
  const deadline = new AbortController();
  await Promise.race([work, sleep(ms, undefined, { signal: deadline.signal }).catch(() => {})]);
  deadline.abort();
}
