import type { AppDeps } from '../../app-deps.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { listIdleConnections } from './accounting-connections.queries.ts';
import { createAccountingConnections } from './accounting-connections.service.ts';

// Refresh tokens lapse when unused (Xero's after 60 days, QuickBooks' after 100, MYOB's after a
// week): a merchant who sends nothing for a while would otherwise have to connect again. Every
// hour a job refreshes the tokens of connections idle for IDLE_DAYS, through the same locked
// refresh the sync uses; a grant the provider refuses is marked NEEDS_RECONNECT there, as on any
// other refresh.

export const TOKEN_KEEPALIVE_JOB = 'accounting.token-keepalive';

/**
 * Idle this long (counted from when its access token expired), a connection's tokens are
 * refreshed: well inside MYOB's week, the shortest-lived refresh token, so a few days without
 * the job still leave time.
 */
export const IDLE_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Connections refreshed per run; the next hour's run takes the rest. */
const BATCH = 100;
const INTERVAL_MS = 60 * 60 * 1000;

export type KeepaliveLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

type Deps = Pick<AppDeps, 'database' | 'config' | 'accounting' | 'now' | 'jobs'>;

/** One run: refreshes each idle connection, one at a time; answers how many were refreshed. */
export async function keepTokensAlive(deps: Deps, log: KeepaliveLog): Promise<number> {
  const connections = createAccountingConnections(deps);
  const idle = await listIdleConnections(deps.database.db, {
    before: new Date(deps.now().getTime() - IDLE_DAYS * DAY_MS),
    limit: BATCH,
  });
  let refreshed = 0;
  for (const { merchantId, provider } of idle) {
    if (!deps.accounting[provider]) continue;
    try {
      await connections.accessToken(merchantId, provider);
      refreshed += 1;
    } catch (error) {
      log.warn({ err: error, merchantId, provider }, 'could not refresh an idle accounting connection');
    }
  }
  return refreshed;
}

/** Runs the keep-alive jobs in this process and queues one now and every hour; `stop` ends the timer. */
export async function startTokenKeepalive(
  deps: Deps & { jobs: Pick<Jobs, 'work' | 'sendInTransaction'> },
  log: KeepaliveLog,
): Promise<{ stop(): Promise<void> }> {
  const { db } = deps.database;
  await deps.jobs.work(TOKEN_KEEPALIVE_JOB, async () => {
    await keepTokensAlive(deps, log);
  });
  let queueing: Promise<void> = Promise.resolve();
  const queue = () => {
    queueing = db
      // No retries: the next hour's run refreshes what this one did not.
      .transaction((tx) =>
        deps.jobs.sendInTransaction(tx, { name: TOKEN_KEEPALIVE_JOB, data: {}, retryLimit: 0 }),
      )
      .catch((error: unknown) => log.error({ err: error }, 'could not queue the token keep-alive'));
  };
  queue();
  const timer = setInterval(queue, INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await queueing;
    },
  };
}
