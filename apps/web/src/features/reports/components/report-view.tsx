import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import {
  REPORT_DESCRIPTIONS,
  REPORT_LABELS,
  type ReportKind,
  salesGroupingOf,
} from '../model/report-kinds.ts';
import type { ReportPeriod } from '../screens/use-report-period.ts';
import { AgingReportView } from './aging-report.tsx';
import { GstReportView } from './gst-report.tsx';
import { PaymentsReportView } from './payments-report.tsx';
import { SalesReportView } from './sales-report.tsx';

function ReportBody(props: { kind: ReportKind; period: ReportPeriod }) {
  const groupBy = salesGroupingOf(props.kind);
  if (groupBy) return <SalesReportView groupBy={groupBy} period={props.period} />;
  switch (props.kind) {
    case 'gst':
      return <GstReportView period={props.period} />;
    case 'payments':
      return <PaymentsReportView period={props.period} />;
    case 'aging':
      return <AgingReportView />;
    default:
      return null;
  }
}

/** One report under its heading and what it counts: its period, CSV, figures, chart and table. */
export function ReportView(props: { kind: ReportKind; period: ReportPeriod }) {
  const headingId = useId();
  return (
    <Stack gap="lg" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} id={headingId}>
          {REPORT_LABELS[props.kind]}
        </Title>
        <Text c="dimmed">{REPORT_DESCRIPTIONS[props.kind]}</Text>
      </div>
      <ReportBody kind={props.kind} period={props.period} />
    </Stack>
  );
}
