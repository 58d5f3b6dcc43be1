import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense, useId } from 'react';
import { LazyMoneyOverTimeChart } from '#shared/charts/money-over-time-chart-lazy.ts';
import { bucketUnitOf, type DatedAmount } from '#shared/charts/time-buckets.ts';

/**
 * A titled panel of money over a period, "Sales per day" (per month past a quarter), with the
 * chart loaded on its own so the figures around it show first.
 */
export function MoneyOverTimeSection(props: {
  points: readonly DatedAmount[];
  period: { from: string; to: string };
  /** What the money is, capitalised: "Sales", "Received". */
  series: string;
  note?: string;
}) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {props.series} per {bucketUnitOf(props.period)}
          </Title>
          {props.note && (
            <Text size="sm" c="dimmed">
              {props.note}
            </Text>
          )}
        </div>
        <Suspense fallback={<Skeleton height={220} radius="md" aria-hidden="true" />}>
          <LazyMoneyOverTimeChart points={props.points} period={props.period} series={props.series} />
        </Suspense>
      </Stack>
    </Paper>
  );
}
