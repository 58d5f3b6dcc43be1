import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { WRITE_ERROR_CODES } from '../model/write-refusal.ts';
import { useMembershipChanged } from './use-membership-changed.ts';

/** Puts one customer in a tier (moving it from its current tier) or in a group. */
export function useAddGroupCustomer<S extends z.ZodType<GroupProduct>>(kind: GroupKind<S>, groupId: string) {
  const organisationId = useOrganisationId();
  const onChanged = useMembershipChanged(kind, groupId);
  return useMutation({
    mutationFn: (customerId: string) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(kind.endpoints.addCustomer, {
        params: { id: organisationId, gid: groupId, cid: customerId },
        organisationId,
        handledErrorCodes: WRITE_ERROR_CODES,
      });
    },
    onSuccess: () => onChanged('customers'),
  });
}
