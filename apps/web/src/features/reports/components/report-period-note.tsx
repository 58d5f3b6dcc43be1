import { Text } from '@mantine/core';
import { periodLabel } from '#shared/period/period.ts';

/** The days a report covers, in the merchant's time zone, which is whose days they are. */
export function ReportPeriodNote(props: { period: { from: string; to: string }; timeZone: string }) {
  return (
    <Text size="sm" c="dimmed">
      {periodLabel(props.period)}, days in {props.timeZone} time
    </Text>
  );
}
