import { Group, Text } from '@mantine/core';
import { addDays } from '@tradeport/contract';
import { formatDate, todayInBrowser } from '#lib/format.ts';
import { PeriodFields } from '#shared/period/period-fields.tsx';
import type { ReportKind } from '../model/report-kinds.ts';
import type { ReportPeriod } from '../screens/use-report-period.ts';
import { DownloadCsvButton } from './download-csv-button.tsx';

const LAST_30_DAYS = 30;

/**
 * Above a report: the period it covers (aging has none: it is what is owed as of today), and its
 * CSV with the same query.
 */
export function ReportToolbar(props: {
  kind: ReportKind;
  /** The reports' period; null for aging. */
  period: ReportPeriod | null;
  /** The days the report on screen covers, once it has loaded. */
  covers?: { from: string; to: string } | null;
  /** The merchant's day an aging report is as of, once it has loaded. */
  asOf?: string | null;
}) {
  const { period } = props;
  const covers = props.covers ?? null;
  // Custom dates start from the period on screen, so they make a period at once.
  const customStart = () => {
    if (covers) return covers;
    const today = todayInBrowser();
    return { from: addDays(today, 1 - LAST_30_DAYS), to: today };
  };
  const canDownload = period === null || period.choice !== null;
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      {period ? (
        <PeriodFields
          value={period.value}
          errors={period.errors}
          onChange={period.onChange}
          customStart={customStart}
        />
      ) : (
        <Text c="dimmed">{props.asOf ? `As of ${formatDate(props.asOf)}` : 'As of today'}</Text>
      )}
      <DownloadCsvButton
        report={
          canDownload
            ? { kind: props.kind, period: period?.choice ?? {}, covers, asOf: props.asOf ?? null }
            : null
        }
      />
    </Group>
  );
}
