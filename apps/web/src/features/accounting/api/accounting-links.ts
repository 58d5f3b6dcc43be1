import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServedAccountingProvider } from '@tradeport/contract';
import { useEffect } from 'react';
import { isForbidden, useRefreshAccess } from '#lib/access.ts';
import { ApiError } from '#lib/api-error.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { isStale } from './accounting-connection.ts';
import { accountingKeys } from './accounting-keys.ts';

// What the customers, products and taxes sections share: how their lists' refusals are handled,
// and how a change is made and then seen.

/**
 * Refusals of a links list's load the section says in its own words beside "Try again", never as
 * a toast: the books not answering (503), not connected or refused by the books (409), gone (404).
 */
export const LINKS_LOAD_REFUSALS = [
  'SERVICE_UNAVAILABLE',
  'CONFLICT',
  'ACCOUNTING_NOT_SET_UP',
  'FORBIDDEN',
  'NOT_FOUND',
] as const;

/**
 * After a list's load is refused: a refusal that says the connection is out of date (not
 * connected any more) reloads it, and a 403 reloads the person's level.
 */
export function useLinksLoadRefusal(provider: ServedAccountingProvider, error: unknown) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const refreshAccess = useRefreshAccess();
  const isOutOfDate = isStale(error);
  const isRefused = isForbidden(error);

  useEffect(() => {
    if (isOutOfDate) {
      void queryClient.invalidateQueries({ queryKey: accountingKeys.connection(organisationId, provider) });
    }
    if (isRefused) refreshAccess();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOutOfDate, isRefused]);
}

/**
 * A change to links. Pending until the list is loaded again, so its button spins until the rows
 * show the change (and the counts and suggestions, which the server works out, are right). A
 * refusal is toasted by the client (SPEC §8); one that says something changed meanwhile (a contact
 * linked by another Admin, the connection gone) loads the list, or the connection, again.
 */
export function useLinksChange<T, R>(options: {
  provider: ServedAccountingProvider;
  listKey: QueryKey;
  /** Set for row changes, so each row can tell whether a change of its own is under way. */
  mutationKey?: QueryKey;
  call: (organisationId: string, input: T) => Promise<R>;
}) {
  const { provider, listKey, call } = options;
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const refreshAccess = useRefreshAccess();
  return useMutation({
    mutationKey: options.mutationKey,
    mutationFn: (input: T) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return call(organisationId, input);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
    onError: (error) => {
      if (isForbidden(error)) {
        refreshAccess();
        return;
      }
      if (isStale(error)) {
        void queryClient.invalidateQueries({ queryKey: accountingKeys.connection(organisationId, provider) });
      }
      if (error instanceof ApiError && error.status < 500) {
        void queryClient.invalidateQueries({ queryKey: listKey });
      }
    },
  });
}
