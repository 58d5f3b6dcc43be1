import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addGroupCustomer,
  addTierCustomer,
  listPricingTiers,
  listVisibilityGroups,
  MAX_PAGE_SIZE,
  removeGroupCustomer,
  removeTierCustomer,
} from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { scopedKey } from '#lib/query-keys.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { customerKeys } from './customer-keys.ts';

// A merchant has a handful of tiers and groups: the first (largest) page is the whole choice.
const OPTIONS_QUERY = { limit: MAX_PAGE_SIZE };

export function tierOptionsQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: customerKeys.tierOptions(organisationId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(listPricingTiers, {
            params: { id: organisationId },
            query: OPTIONS_QUERY,
            signal,
            organisationId,
          })
      : skipToken,
  });
}

export function groupOptionsQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: customerKeys.groupOptions(organisationId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(listVisibilityGroups, {
            params: { id: organisationId },
            query: OPTIONS_QUERY,
            signal,
            organisationId,
          })
      : skipToken,
  });
}

/** The tiers and groups to offer; only Admins may change them, so only they ask. */
export function useTierAndGroupOptions(options: { enabled: boolean }) {
  const organisationId = useOrganisationId();
  return {
    tiers: useQuery({ ...tierOptionsQuery(organisationId), enabled: options.enabled }),
    groups: useQuery({ ...groupOptionsQuery(organisationId), enabled: options.enabled }),
  };
}

/** One change to where the customer stands; `no-tier` names the tier it leaves. */
export type TierGroupChange =
  | { kind: 'set-tier'; tierId: string }
  | { kind: 'no-tier'; tierId: string }
  | { kind: 'add-group'; groupId: string }
  | { kind: 'remove-group'; groupId: string };

export function useChangeTierOrGroup(customerId: string) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: async (change: TierGroupChange): Promise<void> => {
      if (!organisationId) throw new Error('No organisation is chosen');
      const id = organisationId;
      const cid = customerId;
      if (change.kind === 'set-tier') {
        await request(addTierCustomer, { params: { id, gid: change.tierId, cid }, organisationId });
      } else if (change.kind === 'no-tier') {
        await request(removeTierCustomer, { params: { id, gid: change.tierId, cid }, organisationId });
      } else if (change.kind === 'add-group') {
        await request(addGroupCustomer, { params: { id, gid: change.groupId, cid }, organisationId });
      } else {
        await request(removeGroupCustomer, { params: { id, gid: change.groupId, cid }, organisationId });
      }
    },
    // Refused or not, the customer is read again, so the page shows where it really stands.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: customerKeys.detail(organisationId, customerId),
          exact: true,
        }),
        queryClient.invalidateQueries({ queryKey: customerKeys.lists(organisationId) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.tierOptions(organisationId) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.groupOptions(organisationId) }),
        // The tier and group pages count and list their customers (keys as DESIGN §5: org, kind).
        queryClient.invalidateQueries({ queryKey: scopedKey(organisationId, 'pricing') }),
        queryClient.invalidateQueries({ queryKey: scopedKey(organisationId, 'visibility') }),
      ]),
  });
}
