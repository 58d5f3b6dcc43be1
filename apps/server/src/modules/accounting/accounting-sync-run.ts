import type { AccountingMapping, AccountingProvider } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { ProviderRateLimitedError } from '../../integrations/accounting/accounting-errors.ts';
import type {
  AccountingProviderClient,
  BooksCall,
} from '../../integrations/accounting/accounting-provider.ts';
import { contactsFor } from './accounting-links.service.ts';
import { SyncNotReadyError } from './accounting-sync-documents.ts';
import type { SyncRecordRow } from './accounting-sync.queries.ts';
import { takeProviderCalls } from './accounting-rate-windows.queries.ts';

// What sending one record works with (accounting-sync.service.ts makes it, the senders use it):
// the record, the provider's client metered against its minute limit, the books to call, the
// mapping, and the idempotency key of each write.

export type SyncDeps = Pick<AppDeps, 'database' | 'config' | 'accounting' | 'now' | 'jobs'>;

export type Run = {
  record: SyncRecordRow;
  provider: AccountingProvider;
  client: AccountingProviderClient;
  call: BooksCall;
  mapping: AccountingMapping;
  /** A write's key: the record, the revision being sent and the part. */
  keyOf: (part: string) => string;
};

/** The rate window of a provider whose limit is on our app's key rather than on each set of books. */
const APP_WIDE = '*';

/**
 * The client with every call counted against the provider's per-minute limit for these books (or,
 * for MYOB, for our API key), shared by every process through the database: a call that would go
 * past it is not made, and the job comes back at the next minute (as if the provider had said 429).
 */
export function metered(
  deps: Pick<SyncDeps, 'database' | 'now'>,
  client: AccountingProviderClient,
  tenantId: string,
): AccountingProviderClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const now = deps.now();
        const fits = await takeProviderCalls(deps.database.db, {
          provider: client.id,
          tenantId: client.rateLimitFor === 'APP' ? APP_WIDE : tenantId,
          calls: 1,
          limit: client.callsPerMinute,
          now,
        });
        if (!fits) throw new ProviderRateLimitedError(60 - Math.floor((now.getTime() % 60_000) / 1000));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** The customer's contact in the books, linked (and made there) first if it has none. */
export async function contactOf(
  deps: Pick<SyncDeps, 'database' | 'now'>,
  run: Run,
  customerAccountId: string,
): Promise<string> {
  const contacts = await contactsFor({
    db: deps.database.db,
    merchantId: run.record.merchantId,
    provider: run.provider,
    directory: run.client,
    call: run.call,
    customerAccountIds: [customerAccountId],
    now: deps.now(),
  });
  const contactId = contacts.get(customerAccountId);
  if (!contactId) throw new SyncNotReadyError('The customer could not be found in the books.');
  return contactId;
}
