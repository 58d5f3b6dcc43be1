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

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
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
    ...stripeEnvShape,
    ...accountingEnvShape,
  })
  .superRefine((env, context) => {
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
