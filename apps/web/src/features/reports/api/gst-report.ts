import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getGstReport, type PeriodChoice } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { reportKeys } from './report-keys.ts';

export function gstReportQuery(organisationId: string | null, period: PeriodChoice | null) {
  return queryOptions({
    queryKey: reportKeys.gst(organisationId, period ?? {}),
    queryFn:
      organisationId && period
        ? ({ signal }) =>
            request(getGstReport, { params: { id: organisationId }, query: period, signal, organisationId })
        : skipToken,
  });
}

/** The GST summary over a period; `period` null asks nothing and keeps the last answer. */
export function useGstReport(period: PeriodChoice | null) {
  const organisationId = useOrganisationId();
  return useQuery({ ...gstReportQuery(organisationId, period), placeholderData: keepPreviousData });
}
