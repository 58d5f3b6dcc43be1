import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNTING_SYNC_ENDPOINTS,
  type AccountingSyncHealth,
  type AccountingSyncRecord,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { useEffect } from 'react';
import { isForbidden, useRefreshAccess } from '#lib/access.ts';
import { request } from '#lib/api-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { SECTION_LOAD_REFUSALS } from './accounting-connection.ts';
import { accountingKeys } from './accounting-keys.ts';

/** While something is queued or waits, the panel asks again this often, so a retry is seen to land. */
export const SYNC_POLL_MS = 10_000;

/** Anything still to be sent (queued, or waiting for what it depends on) anywhere in the books. */
export const isSyncUnderWay = (health: AccountingSyncHealth | undefined) =>
  health !== undefined && health.counts.PENDING + health.counts.WAITING > 0;

/** Counts by state and what failed or waits (newest first). */
export function accountingSyncHealthQuery(organisationId: string | null, provider: ServedAccountingProvider) {
  const { getHealth } = ACCOUNTING_SYNC_ENDPOINTS[provider];
  return queryOptions({
    queryKey: accountingKeys.sync(organisationId, provider, null),
    queryFn: organisationId
      ? ({ signal }) =>
          request(getHealth, {
            params: { id: organisationId },
            signal,
            organisationId,
            handledErrorCodes: SECTION_LOAD_REFUSALS,
          })
      : skipToken,
    // "Try again" is at hand, and while anything is under way the next poll comes soon anyway.
    retry: false,
    refetchInterval: (query) => (isSyncUnderWay(query.state.data) ? SYNC_POLL_MS : false),
  });
}

/** The sync health panel's data; a 403 reloads the person's level (they are no longer an Admin). */
export function useAccountingSyncHealth(provider: ServedAccountingProvider) {
  const health = useQuery(accountingSyncHealthQuery(useOrganisationId(), provider));
  const refreshAccess = useRefreshAccess();
  const isRefused = isForbidden(health.error);

  useEffect(() => {
    if (isRefused) refreshAccess();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isRefused]);

  return health;
}

/**
 * Sends a FAILED, WAITING or SKIPPED record again (it comes back PENDING). Pending until every view
 * of the sync has been loaded again, so the row's button spins until the row shows its new state.
 * A refusal is toasted by the client (SPEC §8), except a 403, which reloads the person's level.
 */
export function useRetrySync(provider: ServedAccountingProvider) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const refreshAccess = useRefreshAccess();
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
      await queryClient.invalidateQueries({ queryKey: accountingKeys.syncAll(organisationId, provider) });
    },
    onError: (error) => {
      if (isForbidden(error)) refreshAccess();
    },
  });
}
