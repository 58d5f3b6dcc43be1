import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupInput } from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { GROUP_FORM_ERROR_CODES } from '../model/group-form.ts';
import { groupKeys } from './group-keys.ts';

export function useCreateGroup<S extends z.ZodType<GroupProduct>>(kind: GroupKind<S>) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: (body: GroupInput) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(kind.endpoints.create, {
        params: { id: organisationId },
        body,
        organisationId,
        handledErrorCodes: GROUP_FORM_ERROR_CODES,
      });
    },
    onSuccess: async (group) => {
      queryClient.setQueryData(groupKeys.detail(organisationId, kind, group.id), group);
      await queryClient.invalidateQueries({ queryKey: groupKeys.lists(organisationId, kind) });
    },
  });
}
