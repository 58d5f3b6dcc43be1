import { SALES_GROUPING_LABELS, type SalesGrouping } from '@tradeport/contract';
import { useSalesReport } from '../api/sales-report.ts';
import { shownPeriod } from '../model/shown-period.ts';
import type { ReportPeriod } from '../screens/use-report-period.ts';
import { ReportQueryState } from './report-query-state.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
import { SalesReportContent } from './sales-report-content.tsx';

/** Sales by product, customer, category or brand over the chosen period. */
export function SalesReportView(props: { groupBy: SalesGrouping; period: ReportPeriod }) {
  const { groupBy, period } = props;
  const query = useSalesReport(groupBy, period.choice);
  return (
    <>
      <ReportToolbar kind={`sales-by-${groupBy}`} period={period} covers={shownPeriod(query)} />
      <ReportQueryState
        query={query}
        isAsking={period.choice !== null}
        what={SALES_GROUPING_LABELS[groupBy].toLowerCase()}
      >
        {(report) => <SalesReportContent report={report} />}
      </ReportQueryState>
    </>
  );
}
