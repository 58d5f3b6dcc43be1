import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getAgingReport } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { reportKeys } from './report-keys.ts';

export function agingReportQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: reportKeys.aging(organisationId),
    queryFn: organisationId
      ? ({ signal }) => request(getAgingReport, { params: { id: organisationId }, signal, organisationId })
      : skipToken,
  });
}

/** What each customer owes now, by how overdue: no period, it is as of today. */
export function useAgingReport() {
  return useQuery(agingReportQuery(useOrganisationId()));
}
