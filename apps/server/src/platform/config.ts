import { isIP } from 'node:net';
import path from 'node:path';
import { Environment } from '@tradeport/contract';
import { z } from 'zod';
import {
  accountingConfigOf,
  accountingEnvShape,
  checkAccountingEnv,
} from '../integrations/accounting/accounting-config.ts';
import { checkStripeEnv, stripeConfigOf, stripeEnvShape } from '../integrations/stripe/stripe-config.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

// Names proxy-addr (behind Fastify's trustProxy) knows for whole ranges of private addresses.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One address or CIDR range, as proxy-addr accepts it: 10.0.0.1, 10.0.0.0/8, ::1/128 or a named range. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (X-Forwarded-For), in Fastify's trustProxy terms:
 * false (the default: the socket's address is the client's, so nobody can pick their own),
 * true (trust every hop — only behind a proxy that overwrites the header), a hop count, or
 * a comma-separated list of proxy addresses and CIDR ranges.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, context): boolean | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (entries.length === 0 || bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count or a comma-separated list of addresses/CIDR ranges (not: ${bad.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const port = z.coerce.number().int().min(0).max(65_535);

const envShape = {
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  APP_URL: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  ENVIRONMENT: Environment.default('PRODUCTION'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: booleanFromEnv.default(true),
  WEB_DIST_DIR: z.string().optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Tradeport <no-reply@tradeport.local>'),
  SUPPORT_EMAIL: z.email().default('support@tradeport.local'),
  SUPPORT_PHONE: z.string().min(3).default('1300 000 000'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('ap-southeast-2'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public base URL of the bucket (CDN); defaults to the endpoint/bucket URL. */
  S3_PUBLIC_URL: z.url().optional(),
  /** How many API processes will share the database; more than one needs shared storage. */
  INSTANCES: z.coerce.number().int().min(1).max(1000).default(1),
  /** Prometheus metrics on their own port (off when unset), so the API port never exposes them. */
  METRICS_PORT: port.min(1).optional(),
  /** How long a job may run before it counts as failed and any process may retry it. */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /** The wait before a failed job's first retry; it doubles (with jitter) on each further failure. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  ...stripeEnvShape,
  ...accountingEnvShape,
};

/** Every setting the server reads (the README's configuration table lists each one). */
export const CONFIG_KEYS = Object.keys(envShape);

type DeploymentEnv = {
  PORT: number;
  INSTANCES: number;
  METRICS_PORT?: number;
  DATABASE_URL?: string;
  DATABASE_POOL_SIZE?: number;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_PUBLIC_URL?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
};

/**
 * Settings that are each valid but contradict one another, so the server would start and then
 * misbehave: named at start-up instead.
 */
function checkDeployment(env: DeploymentEnv, context: z.RefinementCtx) {
  const problem = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (env.INSTANCES > 1) {
    // PGlite lives inside one process, and local uploads on one machine's disk: a second
    // process would see neither.
    if (!env.DATABASE_URL)
      problem('INSTANCES', `${env.INSTANCES} instances need a shared PostgreSQL: set DATABASE_URL`);
    if (!env.S3_BUCKET)
      problem(
        'INSTANCES',
        `${env.INSTANCES} instances need shared file storage: set S3_BUCKET (and its keys)`,
      );
  }
  if (env.DATABASE_POOL_SIZE !== undefined && !env.DATABASE_URL)
    problem(
      'DATABASE_POOL_SIZE',
      'is for PostgreSQL: set DATABASE_URL, or leave it unset for the embedded database',
    );
  if (!env.S3_BUCKET) {
    const orphans = (
      ['S3_ENDPOINT', 'S3_PUBLIC_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).filter((key) => env[key] !== undefined);
    if (orphans.length > 0)
      problem(
        'S3_BUCKET',
        `is unset, so ${orphans.join(', ')} would be ignored: set S3_BUCKET or remove them`,
      );
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined))
    problem(
      env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the machine’s own credentials)',
    );
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT)
    problem('METRICS_PORT', 'must differ from PORT: metrics are kept off the public port');
}

const ConfigSchema = z
  .object(envShape)
  .superRefine((env, context) => {
    checkDeployment(env, context);
    checkStripeEnv(env, context);
    checkAccountingEnv(env, context);
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    instances: env.INSTANCES,
    metricsPort: env.METRICS_PORT,
    jobs: { timeoutSeconds: env.JOB_TIMEOUT_SECONDS, retryDelaySeconds: env.JOB_RETRY_DELAY_SECONDS },
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    environment: env.ENVIRONMENT,
    logLevel: env.LOG_LEVEL,
    jwtSecret: env.JWT_SECRET,
    seedDemo: env.SEED_DEMO,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    support: { email: env.SUPPORT_EMAIL, phone: env.SUPPORT_PHONE },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicUrl: env.S3_PUBLIC_URL,
        }
      : undefined,
    /** Card payments through Stripe Connect; undefined without keys (card payments not set up). */
    stripe: stripeConfigOf(env),
    /** Xero, QuickBooks Online and MYOB Business, each set up by its keys; undefined without ACCOUNTING_TOKEN_KEY. */
    accounting: accountingConfigOf(env),
  }));

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads settings from the environment; empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return parsed.data;
}
