import type { AccountingProviders } from './integrations/accounting/providers.ts';
import type { StripeGateway } from './integrations/stripe/stripe-gateway.ts';
import type { AccessTokenIssuer } from './platform/auth/access-tokens.ts';
import type { BotCheck } from './platform/auth/bot-check.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import type { Readiness } from './platform/http/readiness.ts';
import type { Jobs } from './platform/jobs/jobs.ts';
import type { MailQueue } from './platform/mail/outbox.ts';
import type { Metrics } from './platform/observability/metrics.ts';
import type { LocalImageStorage } from './platform/storage/local-image-storage.ts';
import type { S3ImageStorage } from './platform/storage/s3-image-storage.ts';

/** What every module is built from. Tests build the same object with their own database. */
export type AppDeps = {
  config: Config;
  database: Database;
  tokens: AccessTokenIssuer;
  botCheck: BotCheck;
  /** Queues an email in the caller's transaction: it is sent only if the change commits. */
  mail: MailQueue;
  /** Queues a job in the caller's transaction (e.g. `order.placed`): it runs only if that commits. */
  jobs: Pick<Jobs, 'sendInTransaction'>;
  /** S3, or the local-disk store (which also serves its own upload route). */
  storage: S3ImageStorage | LocalImageStorage;
  /** Stripe (card payments, Connect); undefined without keys: card payments are not set up. */
  stripe?: StripeGateway;
  /** The accounting providers whose keys this server has (Xero…); the rest are not set up. */
  accounting: AccountingProviders;
  now: () => Date;
  /** Request, job and pool metrics (served on METRICS_PORT by main.ts). */
  metrics: Metrics;
  /** Whether a load balancer should send this process traffic (GET /api/v1/ready). */
  readiness: Readiness;
};
