import { useMutation } from '@tanstack/react-query';
import {
  exportAgingReport,
  exportGstReport,
  exportPaymentsReport,
  exportSalesReport,
  type PeriodChoice,
} from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { saveTextFile } from '#lib/save-file.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { type ReportKind, salesGroupingOf } from '../model/report-kinds.ts';

export type ReportExport = {
  kind: ReportKind;
  /** The period the report on screen asks for; aging has none. */
  period: PeriodChoice;
  /** The days the file covers when known (the report on screen's), to name it by. */
  covers: { from: string; to: string } | null;
  /** The merchant's day an aging report is as of, when known. */
  asOf: string | null;
  /** Today (YYYY-MM-DD), naming a file whose days are not known yet. */
  today: string;
};

/** sales-by-product-2026-03-01-to-2026-03-31.csv, receivables-aging-2026-03-31.csv. */
export function reportFilename(options: ReportExport): string {
  const name = options.kind === 'aging' ? 'receivables-aging' : options.kind;
  if (options.kind === 'aging') return `${name}-${options.asOf ?? options.today}.csv`;
  return options.covers
    ? `${name}-${options.covers.from}-to-${options.covers.to}.csv`
    : `${name}-${options.today}.csv`;
}

function fetchCsv(organisationId: string, kind: ReportKind, period: PeriodChoice): Promise<string> {
  const common = { params: { id: organisationId }, organisationId };
  const groupBy = salesGroupingOf(kind);
  if (groupBy) return request(exportSalesReport, { ...common, query: { group_by: groupBy, ...period } });
  switch (kind) {
    case 'gst':
      return request(exportGstReport, { ...common, query: period });
    case 'payments':
      return request(exportPaymentsReport, { ...common, query: period });
    case 'aging':
      return request(exportAgingReport, common);
    default:
      throw new Error(`No CSV for the report ${kind}`);
  }
}

/** Downloads the report on screen, every row of it, as CSV: the same query as the screen's. */
export function useExportReport() {
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: async (report: ReportExport) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      const text = await fetchCsv(organisationId, report.kind, report.period);
      saveTextFile({ text, filename: reportFilename(report), type: 'text/csv;charset=utf-8' });
    },
  });
}
