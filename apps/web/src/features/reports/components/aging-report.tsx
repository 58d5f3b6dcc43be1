import { Paper, Skeleton, Text } from '@mantine/core';
import { Suspense } from 'react';
import { formatDate } from '#lib/format.ts';
import { useAgingReport } from '../api/aging-report.ts';
import { AgingFigures } from './aging-figures.tsx';
import { LazyAgingChart } from './aging-chart-lazy.ts';
import { AgingReportTable } from './aging-report-table.tsx';
import { ReportEmpty } from './report-empty.tsx';
import { ReportQueryState } from './report-query-state.tsx';
import { ReportToolbar } from './report-toolbar.tsx';

/** What each customer owes now, by how overdue: as of the merchant's today, not over a period. */
export function AgingReportView() {
  const query = useAgingReport();
  return (
    <>
      <ReportToolbar kind="aging" period={null} asOf={query.data?.as_of} />
      <ReportQueryState query={query} isAsking what="receivables aging">
        {(report) =>
          report.rows.length === 0 ? (
            <ReportEmpty
              title="Nothing is owed to you"
              hint={`No customer has an unpaid invoice as of ${formatDate(report.as_of)}.`}
            />
          ) : (
            <>
              <AgingFigures report={report} />
              <Paper withBorder p="md">
                <Suspense fallback={<Skeleton height={200} radius="md" aria-hidden="true" />}>
                  <LazyAgingChart aging={report.totals.aging} />
                </Suspense>
              </Paper>
              <AgingReportTable report={report} />
              <Text size="sm" c="dimmed">
                {`Days past the due date on ${formatDate(report.as_of)}, in ${report.time_zone} time. `}
                0–30 days includes invoices not yet due.
              </Text>
            </>
          )
        }
      </ReportQueryState>
    </>
  );
}
