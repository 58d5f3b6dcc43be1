import { usePaymentsReport } from '../api/payments-report.ts';
import { shownPeriod } from '../model/shown-period.ts';
import type { ReportPeriod } from '../screens/use-report-period.ts';
import { PaymentsReportContent } from './payments-report-content.tsx';
import { ReportQueryState } from './report-query-state.tsx';
import { ReportToolbar } from './report-toolbar.tsx';

/** Money received over the chosen period, by day and by method. */
export function PaymentsReportView(props: { period: ReportPeriod }) {
  const { period } = props;
  const query = usePaymentsReport(period.choice);
  return (
    <>
      <ReportToolbar kind="payments" period={period} covers={shownPeriod(query)} />
      <ReportQueryState query={query} isAsking={period.choice !== null} what="payments received">
        {(report) => <PaymentsReportContent report={report} />}
      </ReportQueryState>
    </>
  );
}
