import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ServedAccountingProvider } from '@tradeport/contract';
import { useEffect } from 'react';
import { isForbidden, useRefreshAccess } from '#lib/access.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import {
  isSyncUnderWay,
  readSyncHealth,
  SYNC_POLL_MS,
  syncKeys,
  useRetrySync as useSharedRetrySync,
} from '#shared/accounting-sync/accounting-sync.ts';
import { SECTION_LOAD_REFUSALS } from './accounting-connection.ts';

/** Counts by state and what failed or waits (newest first). */
export function accountingSyncHealthQuery(organisationId: string | null, provider: ServedAccountingProvider) {
  return queryOptions({
    queryKey: syncKeys.of(organisationId, provider, null),
    queryFn: organisationId
      ? ({ signal }) =>
          readSyncHealth({ provider, organisationId, signal, handledErrorCodes: SECTION_LOAD_REFUSALS })
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
 * Sends a FAILED, WAITING or SKIPPED record again (the shared retry). A refusal is toasted by the
 * client (SPEC §8), except a 403, which reloads the person's level.
 */
export function useRetrySync(provider: ServedAccountingProvider) {
  const refreshAccess = useRefreshAccess();
  return useSharedRetrySync(provider, {
    onError: (error) => {
      if (isForbidden(error)) refreshAccess();
    },
  });
}
