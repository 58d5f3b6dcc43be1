import { Grid, Skeleton, Text } from '@mantine/core';
import type { PaymentsReport } from '@tradeport/contract';
import { Suspense } from 'react';
import { LazyReceivedChart } from '#shared/received/received-chart-lazy.ts';
import { receivedRows } from '#shared/received/received.ts';
import { ReceivedTable } from '#shared/received/received-table.tsx';
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
          <Grid gap="md" align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Suspense fallback={<Skeleton height={160} radius="md" aria-hidden="true" />}>
                <LazyReceivedChart rows={rows} />
              </Suspense>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ReceivedTable
                rows={rows}
                totalCents={report.received_cents}
                totalCount={report.received_count}
              />
            </Grid.Col>
          </Grid>
          <Text size="sm" c="dimmed">
            Account credit applied to invoices moves no money, so it is not counted as received.
          </Text>
        </>
      )}
    </>
  );
}
