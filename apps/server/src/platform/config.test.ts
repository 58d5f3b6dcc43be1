import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { CONFIG_KEYS, ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.environment).toBe('PRODUCTION');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    // Unset: the pool's own default (openDatabase).
    expect(config.databasePoolSize).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db.example/tradeport', DATABASE_POOL_SIZE: '8' })
        .databasePoolSize,
    ).toBe(8);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names every invalid setting', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        DATABASE_POOL_SIZE: '0',
        JWT_SECRET: 'short',
        SEED_DEMO: 'maybe',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'DATABASE_POOL_SIZE', 'JWT_SECRET', 'SEED_DEMO'])
        expect(message).toContain(name);
    }
  });

  it('trusts no proxy unless told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1/128,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1/128',
      'loopback',
    ]);
  });

  it('names a TRUST_PROXY that is neither a switch, a count nor addresses', () => {
    for (const bad of ['yes please', '10.0.0.0/33', '10.0.0.1/8/8', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('parses SEED_DEMO=false', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  describe('Stripe', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      STRIPE_CLIENT_ID: 'ca_123',
    };

    it('leaves card payments unset without keys', () => {
      expect(loadConfig({}).stripe).toBeUndefined();
    });

    it('reads the four keys and the API base', () => {
      const config = loadConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:4010' });
      expect(config.stripe).toEqual({
        secretKey: 'sk_test_123',
        publishableKey: 'pk_test_123',
        webhookSecret: 'whsec_123',
        clientId: 'ca_123',
        apiBase: new URL('http://127.0.0.1:4010'),
      });
    });

    it('reads the billing endpoint’s own signing secret, optional beside the four', () => {
      expect(
        loadConfig({ ...keys, STRIPE_BILLING_WEBHOOK_SECRET: 'whsec_b' }).stripe?.billingWebhookSecret,
      ).toBe('whsec_b');
      expect(loadConfig(keys).stripe?.billingWebhookSecret).toBeUndefined();
      expect(() => loadConfig({ ...keys, STRIPE_BILLING_WEBHOOK_SECRET: 'nope' })).toThrow(
        /STRIPE_BILLING_WEBHOOK_SECRET/,
      );
    });

    it('names the keys missing from a partial set, and a malformed one', () => {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_CLIENT_ID: 'ca_1' })).toThrow(
        /STRIPE_PUBLISHABLE_KEY[^\n]*\n[^\n]*STRIPE_WEBHOOK_SECRET/,
      );
      expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_oops' })).toThrow(/STRIPE_SECRET_KEY/);
      expect(() => loadConfig({ ...keys, STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
    });
  });

  describe('accounting providers', () => {
    const TOKEN_KEY = Buffer.alloc(32, 7).toString('base64');

    it('sets up each provider whose two keys are given, and no other', () => {
      const config = loadConfig({
        ACCOUNTING_TOKEN_KEY: TOKEN_KEY,
        QUICKBOOKS_CLIENT_ID: 'qb-id',
        QUICKBOOKS_CLIENT_SECRET: 'qb-secret',
        QUICKBOOKS_ENVIRONMENT: 'sandbox',
        MYOB_CLIENT_ID: 'myob-key',
        MYOB_CLIENT_SECRET: 'myob-secret',
        MYOB_API_BASE: 'http://127.0.0.1:4030',
      });
      expect(config.accounting?.xero).toBeUndefined();
      expect(config.accounting?.quickbooks).toEqual({
        clientId: 'qb-id',
        clientSecret: 'qb-secret',
        apiBase: undefined,
        sandbox: true,
      });
      expect(config.accounting?.myob).toEqual({
        clientId: 'myob-key',
        clientSecret: 'myob-secret',
        apiBase: new URL('http://127.0.0.1:4030'),
      });
    });

    it('names the other half of a provider’s keys, the token key beside them, and an unknown environment', () => {
      expect(() => loadConfig({ ACCOUNTING_TOKEN_KEY: TOKEN_KEY, MYOB_CLIENT_ID: 'myob-key' })).toThrow(
        /MYOB_CLIENT_SECRET/,
      );
      expect(() =>
        loadConfig({ QUICKBOOKS_CLIENT_ID: 'qb-id', QUICKBOOKS_CLIENT_SECRET: 'qb-secret' }),
      ).toThrow(/ACCOUNTING_TOKEN_KEY/);
      expect(() => loadConfig({ QUICKBOOKS_ENVIRONMENT: 'staging' })).toThrow(/QUICKBOOKS_ENVIRONMENT/);
    });
  });

  describe('deployment', () => {
    const postgres = 'postgres://db.example/tradeport';
    const s3 = { S3_BUCKET: 'tradeport-files', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    it('runs one instance on the embedded database and local files by default', () => {
      const config = loadConfig({});
      expect(config.instances).toBe(1);
      expect(config.metricsPort).toBeUndefined();
      expect(config.jobs).toEqual({ timeoutSeconds: 900, retryDelaySeconds: 30 });
    });

    it('stops several instances that would not share their database or files', () => {
      expect(problemsOf({ INSTANCES: '2' })).toEqual([
        'INSTANCES: 2 instances need a shared PostgreSQL: set DATABASE_URL',
        'INSTANCES: 2 instances need shared file storage: set S3_BUCKET (and its keys)',
      ]);
      expect(problemsOf({ INSTANCES: '2', DATABASE_URL: postgres })).toEqual([
        'INSTANCES: 2 instances need shared file storage: set S3_BUCKET (and its keys)',
      ]);
      expect(loadConfig({ INSTANCES: '3', DATABASE_URL: postgres, ...s3 }).instances).toBe(3);
    });

    it('names settings that would be ignored or that contradict each other', () => {
      expect(problemsOf({ DATABASE_POOL_SIZE: '20' })).toEqual([
        expect.stringMatching(/^DATABASE_POOL_SIZE: is for PostgreSQL/),
      ]);
      expect(
        problemsOf({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
      ).toEqual([
        'S3_BUCKET: is unset, so S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY would be ignored: set S3_BUCKET or remove them',
      ]);
      expect(problemsOf({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a' })).toEqual([
        expect.stringMatching(/^S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/),
      ]);
      expect(problemsOf({ PORT: '8080', METRICS_PORT: '8080' })).toEqual([
        'METRICS_PORT: must differ from PORT: metrics are kept off the public port',
      ]);
      expect(problemsOf({ JOB_TIMEOUT_SECONDS: '1' })).toEqual([
        expect.stringMatching(/^JOB_TIMEOUT_SECONDS:/),
      ]);
    });

    it('documents every setting it reads in the README’s configuration table', () => {
      const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
      const documented = new Set([...readme.matchAll(/^\| `([A-Z0-9_]+)` +\|/gm)].map((match) => match[1]));
      expect(CONFIG_KEYS.filter((key) => !documented.has(key))).toEqual([]);
      expect(CONFIG_KEYS.length).toBeGreaterThan(40);
    });
  });
});
