import { useMutation } from '@tanstack/react-query';
import { addGroupItems } from '@tradeport/contract';
import { useMembershipChanged } from '#shared/product-groups/api/use-membership-changed.ts';
import { WRITE_ERROR_CODES } from '#shared/product-groups/model/write-refusal.ts';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { visibilityKind } from '../model/visibility-kind.ts';

/** Puts products in the group; ones already in it are left as they are. */
export function useAddGroupProducts(groupId: string) {
  const organisationId = useOrganisationId();
  const onChanged = useMembershipChanged(visibilityKind, groupId);
  return useMutation({
    mutationFn: (productIds: string[]) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(addGroupItems, {
        params: { id: organisationId, gid: groupId },
        body: { product_ids: productIds },
        organisationId,
        handledErrorCodes: WRITE_ERROR_CODES,
      });
    },
    onSuccess: () => onChanged('items'),
  });
}
