import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupInput } from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { GROUP_FORM_ERROR_CODES, isStaleEdit } from '../model/group-form.ts';
import { groupKeys } from './group-keys.ts';

/** A rename carries the version it was made on; a newer one on the server answers 409. */
export type UpdateGroupBody = GroupInput & { version: number };

export function useUpdateGroup<S extends z.ZodType<GroupProduct>>(kind: GroupKind<S>, groupId: string) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  const detailKey = groupKeys.detail(organisationId, kind, groupId);
  return useMutation({
    mutationFn: (body: UpdateGroupBody) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(kind.endpoints.update, {
        params: { id: organisationId, gid: groupId },
        body,
        organisationId,
        handledErrorCodes: GROUP_FORM_ERROR_CODES,
      });
    },
    onSuccess: async (group) => {
      queryClient.setQueryData(detailKey, group);
      await queryClient.invalidateQueries({ queryKey: groupKeys.lists(organisationId, kind) });
    },
    onError: async (error) => {
      // Someone else saved first: load their version, so the next attempt starts from it.
      if (isStaleEdit(error)) await queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
    },
  });
}
