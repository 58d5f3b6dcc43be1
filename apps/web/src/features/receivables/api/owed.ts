import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { listOutstandingOrders, MAX_PAGE_SIZE, type OutstandingOrder } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type OwedFigures, owedFigures } from '../model/owed.ts';
import { receivableKeys } from './receivable-keys.ts';

/**
 * Pages read at most (1,000 invoices): a café owes a handful; past this the figures say they
 * cover only the oldest-due invoices rather than keep the page waiting.
 */
export const MAX_OWED_PAGES = 10;

export type OwedAnswer = OwedFigures & { isPartial: boolean };

export function owedQuery(organisationId: string | null, merchantId: string | null) {
  return queryOptions({
    queryKey: receivableKeys.owed(organisationId, merchantId ?? ''),
    queryFn:
      organisationId && merchantId
        ? async ({ signal }): Promise<OwedAnswer> => {
            const orders: OutstandingOrder[] = [];
            let cursor: string | undefined;
            let asOf = '';
            for (let pages = 0; pages < MAX_OWED_PAGES; pages += 1) {
              const page = await request(listOutstandingOrders, {
                params: { id: organisationId },
                query: { merchant_id: merchantId, limit: MAX_PAGE_SIZE, cursor },
                signal,
                organisationId,
              });
              orders.push(...page.items);
              asOf = page.as_of;
              cursor = page.next_cursor ?? undefined;
              if (!cursor) break;
            }
            return { ...owedFigures(orders, asOf), isPartial: cursor !== undefined };
          }
        : skipToken,
  });
}

/**
 * What a customer organisation owes merchant `merchantId` now, added up from its outstanding
 * invoices: the API's overview is the merchant's (403 for a customer), its outstanding list is
 * both parties'.
 */
export function useOwed(merchantId: string | null) {
  return useQuery(owedQuery(useOrganisationId(), merchantId));
}
