import {
  ACCOUNTING_PROVIDER_KEYS,
  ACCOUNTING_PROVIDER_NAMES,
  ACCOUNTING_TENANT_WORDS,
  accountingSettingsRoute,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { ApiError } from '#lib/api-error.ts';
import { findRoute } from '#lib/routes.ts';

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
    // What sets it up on the server (see Configuration in the README).
    serverKeys: [...ACCOUNTING_PROVIDER_KEYS[provider], 'ACCOUNTING_TOKEN_KEY'],
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
