import { Text } from '@mantine/core';
import type { PaymentsReport } from '@tradeport/contract';
import { receivedRows } from '#shared/received/received.ts';
import { ReceivedByMethod } from '#shared/received/received-by-method.tsx';
import { MoneyOverTimeSection } from './money-over-time-section.tsx';
import { PaymentsFigures } from './payments-figures.tsx';
import { ReportEmpty } from './report-empty.tsx';
import { ReportPeriodNote } from './report-period-note.tsx';

/**
 * A payments report once answered, counted as the payments overview counts it: by day, and by
 * method with the overview's own chart and table.
 */
export function PaymentsReportContent(props: { report: PaymentsReport }) {
  const { report } = props;
  const rows = receivedRows(report);
  return (
    <>
      <ReportPeriodNote period={report.period} timeZone={report.time_zone} />
      {report.received_count === 0 && rows.length === 0 ? (
        <ReportEmpty
          title="No payments received in this period"
          hint="Payments you record or take by card in these days show here. Try a longer period."
        />
      ) : (
        <>
          <PaymentsFigures report={report} />
          <MoneyOverTimeSection
            points={report.by_day.map((day) => ({ date: day.date, cents: day.amount_cents }))}
            period={report.period}
            series="Received"
            note="By the day paid, less refunds"
          />
          <ReceivedByMethod
            rows={rows}
            totalCents={report.received_cents}
            totalCount={report.received_count}
          />
          <Text size="sm" c="dimmed">
            Account credit applied to invoices moves no money, so it is not counted as received.
          </Text>
        </>
      )}
    </>
  );
}
