import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { groupKeys } from './group-keys.ts';
import { useGroupMemberPages } from './group-member-pages.ts';

/** The products in one tier or group by name, a page at a time, searched on the server. */
export function useGroupItems<S extends z.ZodType<GroupProduct>>(
  kind: GroupKind<S>,
  groupId: string,
  search: string | null,
) {
  return useGroupMemberPages({
    queryKey: (organisationId) => groupKeys.itemList(organisationId, kind, groupId, search),
    fetchPage: (input) => request(kind.endpoints.listItems, input),
    groupId,
    search,
  });
}
