import {
  ACCOUNTING_PROVIDER_NAMES,
  ACCOUNTING_TENANT_WORDS,
  accountingSettingsRoute,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { ApiError } from '#lib/api-error.ts';
import { findRoute } from '#lib/routes.ts';

/**
 * What sets each served provider up on the server (see Configuration in the README). A provider
 * the server starts serving must name its keys here before its screen compiles.
 */
const SERVER_KEYS: Record<ServedAccountingProvider, readonly string[]> = {
  xero: ['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET', 'ACCOUNTING_TOKEN_KEY'],
  quickbooks: ['QUICKBOOKS_CLIENT_ID', 'QUICKBOOKS_CLIENT_SECRET', 'ACCOUNTING_TOKEN_KEY'],
  myob: ['MYOB_CLIENT_ID', 'MYOB_CLIENT_SECRET', 'ACCOUNTING_TOKEN_KEY'],
};

export type ProviderWords = {
  /** "Xero", "QuickBooks Online"… */
  name: string;
  /** What the provider calls a set of books: "organisation", "company"… */
  tenant: string;
  /** The page title, as the route table has it. */
  title: string;
  serverKeys: readonly string[];
};

export function providerWords(provider: ServedAccountingProvider): ProviderWords {
  const name = ACCOUNTING_PROVIDER_NAMES[provider];
  return {
    name,
    tenant: ACCOUNTING_TENANT_WORDS[provider],
    title: findRoute(accountingSettingsRoute(provider))?.title ?? `${name} settings`,
    serverKeys: SERVER_KEYS[provider],
  };
}

/** The server's words for a refusal, else `fallback` (a network failure has none). */
export const refusal = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** The message of a refusal's issue with `field`, if it names one. */
export function fieldProblem(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.details.find((detail) => detail.path === field)?.message;
}
