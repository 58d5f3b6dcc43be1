import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getSalesReport, type PeriodChoice, type SalesGrouping } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { reportKeys } from './report-keys.ts';

export function salesReportQuery(
  organisationId: string | null,
  groupBy: SalesGrouping,
  period: PeriodChoice | null,
) {
  return queryOptions({
    queryKey: reportKeys.sales(organisationId, groupBy, period ?? {}),
    queryFn:
      organisationId && period
        ? ({ signal }) =>
            request(getSalesReport, {
              params: { id: organisationId },
              // The contract's default row count (the largest 100): the CSV has every row.
              query: { group_by: groupBy, ...period },
              signal,
              organisationId,
            })
        : skipToken,
  });
}

/**
 * Sales grouped one way over a period. `period` null (dates that do not make a period yet) asks
 * nothing and keeps the last answer on screen, as a changed period does while it loads.
 */
export function useSalesReport(groupBy: SalesGrouping, period: PeriodChoice | null) {
  const organisationId = useOrganisationId();
  return useQuery({
    ...salesReportQuery(organisationId, groupBy, period),
    placeholderData: keepPreviousData,
  });
}
