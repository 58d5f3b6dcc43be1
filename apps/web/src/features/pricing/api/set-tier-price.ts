import { useMutation } from '@tanstack/react-query';
import { setTierItem, type TierPriceInput } from '@tradeport/contract';
import { useMembershipChanged } from '#shared/product-groups/api/use-membership-changed.ts';
import { WRITE_ERROR_CODES } from '#shared/product-groups/model/write-refusal.ts';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { pricingKind } from '../model/pricing-kind.ts';

/** Puts one product in the tier at a price (or changes its price, if it is already in). */
export function useSetTierPrice(tierId: string) {
  const organisationId = useOrganisationId();
  const onChanged = useMembershipChanged(pricingKind, tierId);
  return useMutation({
    mutationFn: (body: TierPriceInput) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(setTierItem, {
        params: { id: organisationId, gid: tierId },
        body,
        organisationId,
        handledErrorCodes: WRITE_ERROR_CODES,
      });
    },
    onSuccess: () => onChanged('items'),
  });
}
