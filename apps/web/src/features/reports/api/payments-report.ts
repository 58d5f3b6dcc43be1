import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getPaymentsReport, type PeriodChoice } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { reportKeys } from './report-keys.ts';

export function paymentsReportQuery(organisationId: string | null, period: PeriodChoice | null) {
  return queryOptions({
    queryKey: reportKeys.payments(organisationId, period ?? {}),
    queryFn:
      organisationId && period
        ? ({ signal }) =>
            request(getPaymentsReport, {
              params: { id: organisationId },
              query: period,
              signal,
              organisationId,
            })
        : skipToken,
  });
}

/** Payments received over a period; `period` null asks nothing and keeps the last answer. */
export function usePaymentsReport(period: PeriodChoice | null) {
  const organisationId = useOrganisationId();
  return useQuery({ ...paymentsReportQuery(organisationId, period), placeholderData: keepPreviousData });
}
