import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getReceivablesOverview, type PeriodChoice } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { receivableKeys } from './receivable-keys.ts';

export function overviewQuery(organisationId: string | null, period: PeriodChoice | null) {
  return queryOptions({
    queryKey: receivableKeys.overview(organisationId, period ?? {}),
    queryFn:
      organisationId && period
        ? ({ signal }) =>
            request(getReceivablesOverview, {
              params: { id: organisationId },
              query: period,
              signal,
              organisationId,
            })
        : skipToken,
  });
}

/**
 * The merchant's overview for a period: received by method, outstanding and overdue now. `period`
 * null (dates that do not make a period yet) asks nothing and keeps the last answer on screen.
 */
export function useReceivablesOverview(period: PeriodChoice | null) {
  const organisationId = useOrganisationId();
  return useQuery({ ...overviewQuery(organisationId, period), placeholderData: keepPreviousData });
}
