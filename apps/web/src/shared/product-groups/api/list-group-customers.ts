import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { groupKeys } from './group-keys.ts';
import { useGroupMemberPages } from './group-member-pages.ts';

/** The customers in one tier or group by name, a page at a time, searched on the server. */
export function useGroupCustomers<S extends z.ZodType<GroupProduct>>(
  kind: GroupKind<S>,
  groupId: string,
  search: string | null,
) {
  return useGroupMemberPages({
    queryKey: (organisationId) => groupKeys.customerList(organisationId, kind, groupId, search),
    fetchPage: (input) => request(kind.endpoints.listCustomers, input),
    groupId,
    search,
  });
}
