import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { groupKeys } from './group-keys.ts';

export function groupQuery<S extends z.ZodType<GroupProduct>>(
  kind: GroupKind<S>,
  organisationId: string | null,
  groupId: string,
) {
  return queryOptions({
    queryKey: groupKeys.detail(organisationId, kind, groupId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(kind.endpoints.get, {
            params: { id: organisationId, gid: groupId },
            signal,
            organisationId,
            // The screen says "not found" itself.
            handledErrorCodes: ['NOT_FOUND'],
          })
      : skipToken,
  });
}

/** One tier or group with its counts; `enabled` is false for an address that cannot be an id. */
export function useGroup<S extends z.ZodType<GroupProduct>>(
  kind: GroupKind<S>,
  groupId: string,
  options: { enabled: boolean },
) {
  return useQuery({ ...groupQuery(kind, useOrganisationId(), groupId), enabled: options.enabled });
}
