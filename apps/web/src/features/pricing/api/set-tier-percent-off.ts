import { useMutation } from '@tanstack/react-query';
import { type EndpointInput, setTierPercentOff } from '@tradeport/contract';
import { useMembershipChanged } from '#shared/product-groups/api/use-membership-changed.ts';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { pricingKind } from '../model/pricing-kind.ts';

export type PercentOffBody = NonNullable<EndpointInput<typeof setTierPercentOff>['body']>;

/** A brand's or category's current products at a percentage off base, in this tier, in one call. */
export function useSetTierPercentOff(tierId: string) {
  const organisationId = useOrganisationId();
  const onChanged = useMembershipChanged(pricingKind, tierId);
  return useMutation({
    mutationFn: (body: PercentOffBody) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(setTierPercentOff, {
        params: { id: organisationId, gid: tierId },
        body,
        organisationId,
        // Said in the dialog: a bad field, a brand or tier gone meanwhile, or no longer an Admin.
        handledErrorCodes: ['VALIDATION_ERROR', 'NOT_FOUND', 'FORBIDDEN'],
      });
    },
    // The tier's rows and its product count.
    onSuccess: () => onChanged('items'),
  });
}
