import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { WRITE_ERROR_CODES } from '../model/write-refusal.ts';
import { groupKeys } from './group-keys.ts';

export function useDeleteGroup<S extends z.ZodType<GroupProduct>>(kind: GroupKind<S>, groupId: string) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: () => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(kind.endpoints.remove, {
        params: { id: organisationId, gid: groupId },
        organisationId,
        handledErrorCodes: WRITE_ERROR_CODES,
      });
    },
    onSuccess: async () => {
      // Dropped rather than refetched: the page that showed it is leaving, and a refetch would 404.
      queryClient.removeQueries({ queryKey: groupKeys.detail(organisationId, kind, groupId) });
      await queryClient.invalidateQueries({ queryKey: groupKeys.lists(organisationId, kind) });
    },
  });
}
