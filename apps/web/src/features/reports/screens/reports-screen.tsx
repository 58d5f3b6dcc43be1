import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { ReportView } from '../components/report-view.tsx';
import {
  isReportKind,
  REPORT_KINDS,
  REPORT_LABELS,
  reportFromSearch,
  withReport,
} from '../model/report-kinds.ts';
import { useReportPeriod } from './use-report-period.ts';

/**
 * /reports "Reports": what the merchant sold (by product, customer, category or brand), the GST
 * on it, what it was paid and what it is owed. The report and its period are kept in the address,
 * so a report can be linked to and bookmarked; the period carries from one report to the next.
 */
export function ReportsScreen() {
  const [search, setSearch] = useSearchParams();
  const kind = reportFromSearch(search);
  const period = useReportPeriod();
  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Reports"
        description="What you sold, the GST on it, what you were paid and what you are still owed."
      />
      {/* Only the chosen report is mounted, so only its figures are asked for. */}
      <Tabs
        value={kind}
        onChange={(value) => {
          // Pushed, not replaced: Back returns to the report before.
          if (isReportKind(value) && value !== kind) setSearch(withReport(search, value));
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Report">
          {REPORT_KINDS.map((report) => (
            <Tabs.Tab key={report} value={report}>
              {REPORT_LABELS[report]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REPORT_KINDS.map((report) => (
          <Tabs.Panel key={report} value={report} pt="lg">
            <ReportView kind={report} period={period} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
