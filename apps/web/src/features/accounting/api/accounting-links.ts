import { type QueryKey, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { ServedAccountingProvider } from '@tradeport/contract';
import { isForbidden, useRefreshAccess } from '#lib/access.ts';
import { ApiError } from '#lib/api-error.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { isStale } from './accounting-connection.ts';
import { accountingKeys } from './accounting-keys.ts';

// What the customers, products and taxes sections share: how a change is made and then seen.
// (How their lists' refusals are handled is in accounting-connection.ts, shared with the sync.)

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

/**
 * One row's link and unlink (`id` the customer, product or tax rule), and the ids of the rows whose
 * change is under way: several rows may be changing at once, each busy until the list shows it.
 */
export function useRowLinks<L extends { id: string }, RL, RU>(options: {
  provider: ServedAccountingProvider;
  listKey: QueryKey;
  link: (organisationId: string, input: L) => Promise<RL>;
  unlink: (organisationId: string, id: string) => Promise<RU>;
}) {
  const { provider, listKey } = options;
  const rowKey = [...listKey, 'row'];
  const link = useLinksChange({ provider, listKey, mutationKey: rowKey, call: options.link });
  const unlink = useLinksChange({
    provider,
    listKey,
    mutationKey: rowKey,
    call: (organisationId, input: { id: string }) => options.unlink(organisationId, input.id),
  });
  const changing = useMutationState({
    filters: { mutationKey: rowKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as { id: string }).id,
  });
  return { link, unlink, changingIds: new Set(changing) };
}
