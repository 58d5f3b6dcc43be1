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

/**
 * Whether an account's code means something to the merchant, and so is shown before its name:
 * Xero's account code and MYOB's DisplayID do; QuickBooks' is the account's internal Id (its
 * account number, when the company uses them, is already in the name the server sends).
 */
const SHOWS_ACCOUNT_CODES: Record<ServedAccountingProvider, boolean> = {
  xero: true,
  quickbooks: false,
  myob: true,
};

export type ProviderWords = {
  /** "Xero", "QuickBooks Online"… */
  name: string;
  /** What the provider calls a set of books: "organisation", "company"… */
  tenant: string;
  /** The page title, as the route table has it. */
  title: string;
  serverKeys: readonly string[];
  /** Accounts are labelled "code – name" (false: by name alone). */
  showsAccountCodes: boolean;
};

export function providerWords(provider: ServedAccountingProvider): ProviderWords {
  const name = ACCOUNTING_PROVIDER_NAMES[provider];
  return {
    name,
    tenant: ACCOUNTING_TENANT_WORDS[provider],
    title: findRoute(accountingSettingsRoute(provider))?.title ?? `${name} settings`,
    serverKeys: SERVER_KEYS[provider],
    showsAccountCodes: SHOWS_ACCOUNT_CODES[provider],
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
