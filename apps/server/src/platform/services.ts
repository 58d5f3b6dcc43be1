import { createAccountingProviders } from '../integrations/accounting/providers.ts';
import path from 'node:path';
import type { AppDeps } from '../app-deps.ts';
import { openStripeGateway } from '../integrations/stripe/stripe-gateway.ts';
import { createAccessTokens } from './auth/access-tokens.ts';
import { createBotCheck } from './auth/bot-check.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createReadiness } from './http/readiness.ts';
import { createJobs, type Jobs, type JobsLog } from './jobs/jobs.ts';
import { createMetrics } from './observability/metrics.ts';
import { createMailQueue } from './mail/outbox.ts';
import { startMailWorker } from './mail/mail-worker.ts';
import { createImageStorage } from './storage/create-image-storage.ts';
import { startAccountingSyncWorker } from '../modules/accounting/accounting-sync.job.ts';
import { startTokenKeepalive } from '../modules/accounting/accounting-token-keepalive.job.ts';
import { startOrderPlacedWorker } from '../modules/order-documents/order-placed.job.ts';
import { startPaymentNoticeWorkers } from '../modules/payments/payment-notices.job.ts';
import { startOverdueReminders } from '../modules/receivables/overdue-reminders.job.ts';
import { startRollupsCompaction } from '../modules/receivables/rollups-compaction.job.ts';

export type ServiceLog = JobsLog & { info(obj: object, msg: string): void };

/**
 * Everything the modules depend on, built from configuration and a database: used by main.ts
 * and, with test settings, by the API tests, so both run the same wiring.
 */
export async function createServices(options: {
  config: Config;
  database: Database;
  signingSecret: string;
  log: ServiceLog;
  now?: () => Date;
  jobsPollingIntervalSeconds?: number;
}): Promise<{ deps: AppDeps; jobs: Jobs; startWorkers(): Promise<void>; stop(): Promise<void> }> {
  const now = options.now ?? (() => new Date());
  const { config, database } = options;
  const metrics = createMetrics(database);
  const jobs = await createJobs(database, {
    log: options.log,
    timeoutSeconds: config.jobs.timeoutSeconds,
    retryDelaySeconds: config.jobs.retryDelaySeconds,
    onAttempt: metrics.jobAttempt,
    ...(options.jobsPollingIntervalSeconds
      ? { pollingIntervalSeconds: options.jobsPollingIntervalSeconds }
      : {}),
  });
  // Started before anything can queue a job: on a first run this creates pg-boss's schema.
  await jobs.start();
  metrics.watchJobs(jobs);
  const deps: AppDeps = {
    config,
    database,
    now,
    tokens: createAccessTokens(options.signingSecret, () => now().getTime()),
    botCheck: createBotCheck(options.signingSecret),
    mail: createMailQueue(jobs),
    jobs,
    storage: await createImageStorage({
      s3: config.s3,
      localDir: path.join(config.dataDir, 'uploads'),
      signingSecret: options.signingSecret,
      apiBaseUrl: config.appUrl,
      now: () => now().getTime(),
    }),
    stripe: config.stripe ? await openStripeGateway(config.stripe) : undefined,
    accounting: createAccountingProviders(config.accounting, { now }),
    metrics,
    readiness: createReadiness(database),
  };
  /** Timers that queue jobs on a schedule, stopped before the job queue. */
  const schedules: { stop(): Promise<void> }[] = [];
  return {
    deps,
    jobs,
    // Separate so main.ts can begin answering requests first; jobs queued meanwhile just wait.
    // Every job's handler starts here: mail delivery, the mails an order's placing sends, a
    // payment's receipt and failure notice, sending records to the accounting books, the daily
    // overdue reminders and the accounting tokens' keep-alive (each queued hourly by its own
    // timer) and the overview rollups' compaction (queued every minute).
    startWorkers: async () => {
      await startMailWorker({ database, jobs, config: config.mail, log: options.log });
      await startOrderPlacedWorker({
        database,
        jobs,
        mail: deps.mail,
        appUrl: config.appUrl,
        now,
        log: options.log,
      });
      await startPaymentNoticeWorkers({
        database,
        jobs,
        mail: deps.mail,
        appUrl: config.appUrl,
        log: options.log,
      });
      await startAccountingSyncWorker({
        database,
        config,
        accounting: deps.accounting,
        jobs,
        now,
      });
      schedules.push(
        await startOverdueReminders({
          database,
          jobs,
          mail: deps.mail,
          appUrl: config.appUrl,
          now,
          log: options.log,
        }),
        await startRollupsCompaction({ database, jobs, log: options.log }),
        await startTokenKeepalive({ database, config, accounting: deps.accounting, jobs, now }, options.log),
      );
    },
    stop: async () => {
      await Promise.all(schedules.splice(0).map((schedule) => schedule.stop()));
      await jobs.stop();
    },
  };
}
