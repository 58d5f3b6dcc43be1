import { Text } from '@mantine/core';
import { useGstReport } from '../api/gst-report.ts';
import { shownPeriod } from '../model/shown-period.ts';
import type { ReportPeriod } from '../screens/use-report-period.ts';
import { GstFigures } from './gst-figures.tsx';
import { GstTable } from './gst-table.tsx';
import { ReportEmpty } from './report-empty.tsx';
import { ReportPeriodNote } from './report-period-note.tsx';
import { ReportQueryState } from './report-query-state.tsx';
import { ReportToolbar } from './report-toolbar.tsx';

/** The GST summary for a BAS over the chosen period: its totals, then month by month. */
export function GstReportView(props: { period: ReportPeriod }) {
  const { period } = props;
  const query = useGstReport(period.choice);
  return (
    <>
      <ReportToolbar kind="gst" period={period} covers={shownPeriod(query)} />
      <ReportQueryState query={query} isAsking={period.choice !== null} what="the GST summary">
        {(report) => (
          <>
            <ReportPeriodNote period={report.period} timeZone={report.time_zone} />
            {report.totals.order_count === 0 ? (
              <ReportEmpty
                title="No sales in this period"
                hint="There is no GST on sales to report for these days. Try a longer period."
              />
            ) : (
              <>
                <GstFigures totals={report.totals} />
                <GstTable report={report} />
                <Text size="sm" c="dimmed">
                  GST-free sales are order lines charged no GST and delivery to tax-exempt customers. Check
                  the figures with your accountant before you lodge.
                </Text>
              </>
            )}
          </>
        )}
      </ReportQueryState>
    </>
  );
}
