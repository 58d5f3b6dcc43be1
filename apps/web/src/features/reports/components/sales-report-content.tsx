import { Text } from '@mantine/core';
import type { SalesReport } from '@tradeport/contract';
import { SALES_ROW_NAMES } from '../model/sales-wording.ts';
import { MoneyOverTimeSection } from './money-over-time-section.tsx';
import { ReportEmpty } from './report-empty.tsx';
import { ReportPeriodNote } from './report-period-note.tsx';
import { SalesFigures } from './sales-figures.tsx';
import { SalesTable } from './sales-table.tsx';

/** A sales report once answered: its figures, sales over the period, and its rows with the totals. */
export function SalesReportContent(props: { report: SalesReport }) {
  const { report } = props;
  const names = SALES_ROW_NAMES[report.group_by];
  const isCut = report.row_count > report.rows.length;
  return (
    <>
      <ReportPeriodNote period={report.period} timeZone={report.time_zone} />
      {report.order_count === 0 ? (
        <ReportEmpty
          title="No sales in this period"
          hint="Orders your customers place in these days show here. Try a longer period."
        />
      ) : (
        <>
          <SalesFigures report={report} />
          <MoneyOverTimeSection
            points={report.by_day.map((day) => ({ date: day.date, cents: day.total_cents }))}
            period={report.period}
            series="Sales"
            note="Orders not cancelled, inc. GST, by the day they were placed"
          />
          {isCut && (
            <Text size="sm" c="dimmed">
              Showing the largest {report.rows.length.toLocaleString('en-AU')} of{' '}
              {report.row_count.toLocaleString('en-AU')} {names.plural} by total inc. GST. The totals are for
              all of them, and the CSV has every row.
            </Text>
          )}
          <SalesTable report={report} />
        </>
      )}
    </>
  );
}
