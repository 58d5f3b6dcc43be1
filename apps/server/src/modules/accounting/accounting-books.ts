import { createHash } from 'node:crypto';
import {
  ACCOUNTING_PROVIDER_NAMES,
  type AccountingLink,
  type AccountingProvider,
  MAX_BOOKS_PAGES,
} from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import {
  ProviderRateLimitedError,
  ProviderRefusedError,
  ProviderUnavailableError,
} from '../../integrations/accounting/accounting-errors.ts';
import type {
  AccountingProviderClient,
  BooksCall,
  BooksPage,
} from '../../integrations/accounting/accounting-provider.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { accountingNotSetUp, createAccountingConnections } from './accounting-connections.service.ts';
import type { LinkRow } from './accounting-links.queries.ts';

// What the link screens share: a call into the merchant's books, their records read page by page
// within a bound, the provider's refusals and silences as the API answers them, and the
// idempotency keys of the writes.

type Deps = Pick<AppDeps, 'database' | 'config' | 'accounting' | 'now' | 'jobs'>;

export type BooksSession = { client: AccountingProviderClient; call: BooksCall };

/** The provider's client and a current token for the merchant's books (refreshed if need be). */
export function createBooksSessions(deps: Deps) {
  const connections = createAccountingConnections(deps);
  return async function openBooks(merchantId: string, provider: AccountingProvider): Promise<BooksSession> {
    const client = deps.accounting[provider];
    if (!client || !deps.config.accounting) throw accountingNotSetUp(provider);
    const { token, tenantId } = await connections.accessToken(merchantId, provider);
    return { client, call: { accessToken: token, tenantId } };
  };
}

/**
 * Every record of a paged list, up to MAX_BOOKS_PAGES pages; `isTruncated` when the books hold
 * more. One page at a time: the provider counts each call against its minute limit.
 */
export async function readAllPages<T>(
  read: (page: number) => Promise<BooksPage<T>>,
  maxPages = MAX_BOOKS_PAGES,
): Promise<{ records: T[]; isTruncated: boolean }> {
  const records: T[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await read(page);
    records.push(...answer.records);
    if (!answer.hasMore) return { records, isTruncated: false };
  }
  return { records, isTruncated: true };
}

/** The first record `isWanted` accepts, reading no further pages than needed. */
export async function findInPages<T>(
  read: (page: number) => Promise<BooksPage<T>>,
  isWanted: (record: T) => boolean,
  maxPages = MAX_BOOKS_PAGES,
): Promise<T | undefined> {
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await read(page);
    const found = answer.records.find(isWanted);
    if (found || !answer.hasMore) return found;
  }
  return undefined;
}

/**
 * The provider's refusal or silence, as the API answers it: a grant it no longer accepts is 409
 * (connect again); another refusal is 400 on `field` with its own words (409 without a field: a
 * read it refused); an outage or its rate limit is 503.
 */
export function fromBooks(error: unknown, provider: AccountingProvider, field?: string): unknown {
  const name = ACCOUNTING_PROVIDER_NAMES[provider];
  if (error instanceof ProviderRefusedError) {
    if (error.isGrantInvalid) return conflict(`${name} no longer accepts the connection: connect again.`);
    const message = `${name} refused: ${error.message}`;
    return field ? new AppError('VALIDATION_ERROR', message, [{ path: field, message }]) : conflict(message);
  }
  return unavailable(error, name) ?? error;
}

/** 503 for the provider's outage, or its rate limit (in its own words: it does answer). */
export function unavailable(error: unknown, name: string): AppError | undefined {
  if (error instanceof ProviderRateLimitedError) {
    const seconds = Math.max(1, error.retryAfterSeconds);
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `${name} is taking no more requests just now. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
  }
  if (error instanceof ProviderUnavailableError) {
    return new AppError('SERVICE_UNAVAILABLE', `${name} is not answering just now. Try again in a minute.`);
  }
  return undefined;
}

/** Runs a call into the books, its failures as fromBooks answers them. */
export async function inBooks<T>(
  provider: AccountingProvider,
  field: string | undefined,
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (error) {
    throw fromBooks(error, provider, field);
  }
}

/**
 * A write's Idempotency-Key, from what it sends: the same records sent again (a retry after a
 * lost answer, or two jobs at once) get the same key and so what the first call made; records
 * changed since (a customer renamed after a refusal) get a new one.
 */
export function idempotencyKeyOf(parts: unknown): string {
  return `tradeport-${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 48)}`;
}

export const toAccountingLink = (row: LinkRow): AccountingLink => ({
  external_id: row.externalId,
  external_name: row.externalName,
  linked_at: row.linkedAt.toISOString(),
  linked_by: row.linkedByName,
});
