import { ACCOUNTING_PROVIDER_KEYS } from '@tradeport/contract';
import { z } from 'zod';

// The accounting providers' settings, read with the rest of the configuration (platform/config.ts).
// A provider is set up when its client id and secret are both given; one without the other stops
// start-up, naming the missing one. Tokens are stored encrypted with ACCOUNTING_TOKEN_KEY, so any
// provider set up needs it too (and it must stay the same across instances and restarts: tokens
// encrypted with another key cannot be read, and each merchant would have to connect again).

const url = z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional();

export const accountingEnvShape = {
  /** 32 random bytes, base64 (`openssl rand -base64 32`): encrypts the providers' tokens at rest. */
  ACCOUNTING_TOKEN_KEY: z
    .string()
    .trim()
    .refine((value) => Buffer.from(value, 'base64').length === 32, {
      message: 'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    })
    .optional(),
  XERO_CLIENT_ID: z.string().trim().min(1).optional(),
  XERO_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** Where Xero's login, identity and API hosts are: the local stand-in in tests. */
  XERO_API_BASE: url,
  QUICKBOOKS_CLIENT_ID: z.string().trim().min(1).optional(),
  QUICKBOOKS_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** Intuit's sandbox companies (a development app's keys) or real ones; production by default. */
  QUICKBOOKS_ENVIRONMENT: z.enum(['production', 'sandbox']).optional(),
  /** Where Intuit's consent, token, revocation and API hosts are: the local stand-in in tests. */
  QUICKBOOKS_API_BASE: url,
  /** MYOB's API key and secret (its developer portal's names for the client id and secret). */
  MYOB_CLIENT_ID: z.string().trim().min(1).optional(),
  MYOB_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** Where secure.myob.com and api.myob.com are: the local stand-in in tests. */
  MYOB_API_BASE: url,
};

type AccountingEnv = { [K in keyof typeof accountingEnvShape]?: string };

/** Names what is missing: half a provider's keys, or the token key beside any provider's. */
export function checkAccountingEnv(env: AccountingEnv, context: z.RefinementCtx) {
  let isAnySetUp = false;
  for (const keys of Object.values(ACCOUNTING_PROVIDER_KEYS)) {
    const missing = keys.filter((name) => !env[name]);
    if (missing.length === 0) isAnySetUp = true;
    else if (missing.length < keys.length) {
      for (const name of missing) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `must be set too: ${keys.join(' and ')} go together`,
        });
      }
    }
  }
  if (isAnySetUp && !env.ACCOUNTING_TOKEN_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['ACCOUNTING_TOKEN_KEY'],
      message: 'must be set when an accounting integration is: it encrypts their tokens at rest',
    });
  }
}

export type OAuthClientConfig = {
  clientId: string;
  clientSecret: string;
  /** Unset: the provider's own hosts. */
  apiBase?: URL;
};

export type AccountingConfig = {
  tokenKey: Buffer;
  xero?: OAuthClientConfig;
  quickbooks?: OAuthClientConfig & { sandbox: boolean };
  myob?: OAuthClientConfig;
};

/** A provider's client, when both its keys are given. */
function clientOf(id: string | undefined, secret: string | undefined, apiBase: string | undefined) {
  if (!id || !secret) return undefined;
  return { clientId: id, clientSecret: secret, apiBase: apiBase ? new URL(apiBase) : undefined };
}

export function accountingConfigOf(env: AccountingEnv): AccountingConfig | undefined {
  if (!env.ACCOUNTING_TOKEN_KEY) return undefined;
  const quickbooks = clientOf(
    env.QUICKBOOKS_CLIENT_ID,
    env.QUICKBOOKS_CLIENT_SECRET,
    env.QUICKBOOKS_API_BASE,
  );
  return {
    tokenKey: Buffer.from(env.ACCOUNTING_TOKEN_KEY, 'base64'),
    xero: clientOf(env.XERO_CLIENT_ID, env.XERO_CLIENT_SECRET, env.XERO_API_BASE),
    quickbooks: quickbooks && { ...quickbooks, sandbox: env.QUICKBOOKS_ENVIRONMENT === 'sandbox' },
    myob: clientOf(env.MYOB_CLIENT_ID, env.MYOB_CLIENT_SECRET, env.MYOB_API_BASE),
  };
}
