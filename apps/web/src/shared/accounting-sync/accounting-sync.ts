import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNTING_SYNC_ENDPOINTS,
  type AccountingProvider,
  type AccountingSyncHealth,
  type AccountingSyncRecord,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { scopedKey } from '#lib/query-keys.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

// How sending to the books is going, for the screens that show it: the accounting settings' Sync
// panel and the order screen's line for its invoice. Features do not import each other (DESIGN
// §3), so both read it from here, under the same keys: a retry on either refreshes both.

/** While something is queued or waits, it is asked for again this often, so a retry is seen to land. */
export const SYNC_POLL_MS = 10_000;

export const syncKeys = {
  /** Every view of the sync with one provider: the panel's and each record's. */
  all: (organisationId: string | null, provider: AccountingProvider) =>
    scopedKey(organisationId, 'accounting', provider, 'sync'),
  /** The panel (`sourceId` null), or one order's or payment's records (at its `version`, if given). */
  of: (
    organisationId: string | null,
    provider: AccountingProvider,
    sourceId: string | null,
    version?: number,
  ) =>
    scopedKey(
      organisationId,
      'accounting',
      provider,
      'sync',
      sourceId,
      ...(version === undefined ? [] : [version]),
    ),
};

/** Anything still to be sent (queued, or waiting for what it depends on) anywhere in the books. */
export const isSyncUnderWay = (health: AccountingSyncHealth | undefined) =>
  health !== undefined && health.counts.PENDING + health.counts.WAITING > 0;

/** Reads the sync's health from the provider's endpoint: the panel's, or one source's (`sourceId`). */
export function readSyncHealth(options: {
  provider: ServedAccountingProvider;
  organisationId: string;
  sourceId?: string;
  signal: AbortSignal;
  handledErrorCodes: readonly string[];
}) {
  return request(ACCOUNTING_SYNC_ENDPOINTS[options.provider].getHealth, {
    params: { id: options.organisationId },
    ...(options.sourceId ? { query: { source_id: options.sourceId } } : {}),
    signal: options.signal,
    organisationId: options.organisationId,
    handledErrorCodes: options.handledErrorCodes,
  });
}

/**
 * Sends a record again (it comes back PENDING). Pending until every view of the sync has been
 * loaded again, so the button spins until its row shows the new state.
 */
export function useRetrySync(
  provider: ServedAccountingProvider,
  options: { onError?: (error: unknown) => void } = {},
) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (record: Pick<AccountingSyncRecord, 'id'>) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(ACCOUNTING_SYNC_ENDPOINTS[provider].retry, {
        params: { id: organisationId, rid: record.id },
        organisationId,
      });
    },
    onSuccess: async () => {
      showSuccessToast('Sent again');
      await queryClient.invalidateQueries({ queryKey: syncKeys.all(organisationId, provider) });
    },
    onError: options.onError,
  });
}
