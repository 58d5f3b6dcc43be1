import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { setTierItems, type TierItem, type TierPriceInput } from '@tradeport/contract';
import { groupKeys } from '#shared/product-groups/api/group-keys.ts';
import { WRITE_ERROR_CODES } from '#shared/product-groups/model/write-refusal.ts';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { pricingKind } from '../model/pricing-kind.ts';

type ItemsPage = { items: TierItem[]; next_cursor: string | null };

/** "Save N prices": every changed price of the tier in one call, all or nothing. */
export function useSetTierPrices(tierId: string) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  const itemsKey = groupKeys.items(organisationId, pricingKind, tierId);
  return useMutation({
    mutationFn: (items: TierPriceInput[]) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return request(setTierItems, {
        params: { id: organisationId, gid: tierId },
        body: { items },
        organisationId,
        handledErrorCodes: WRITE_ERROR_CODES,
      });
    },
    onSuccess: async (_, items) => {
      // The rows show the saved prices at once, rather than the old ones until the refetch lands.
      const saved = new Map(items.map((item) => [item.product_id, item.price_cents]));
      queryClient.setQueriesData<InfiniteData<ItemsPage>>({ queryKey: itemsKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => ({
                  ...item,
                  price_cents: saved.get(item.product_id) ?? item.price_cents,
                })),
              })),
            }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: itemsKey });
    },
  });
}
