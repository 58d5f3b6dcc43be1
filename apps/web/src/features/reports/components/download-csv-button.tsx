import { Button } from '@mantine/core';
import { todayInBrowser } from '#lib/format.ts';
import { type ReportExport, useExportReport } from '../api/export-report.ts';

/**
 * Downloads the report on screen as CSV, every row of it (the table shows the largest). Disabled
 * while the period fields do not make a period: there is nothing to ask for yet.
 */
export function DownloadCsvButton(props: { report: Omit<ReportExport, 'today'> | null }) {
  const exportCsv = useExportReport();
  const { report } = props;
  return (
    <Button
      variant="default"
      onClick={() => report && exportCsv.mutate({ ...report, today: todayInBrowser() })}
      loading={exportCsv.isPending}
      disabled={!report}
    >
      Download CSV
    </Button>
  );
}
