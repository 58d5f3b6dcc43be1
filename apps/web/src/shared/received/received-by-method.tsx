import { Grid, Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import { LazyReceivedChart } from './received-chart-lazy.ts';
import type { ReceivedRow } from './received.ts';
import { ReceivedTable } from './received-table.tsx';

/**
 * Money received by method, as a chart (loaded with the chart library only when shown) beside the
 * same rows as a table: the payments overview's and the payments report's one layout.
 */
export function ReceivedByMethod(props: { rows: ReceivedRow[]; totalCents: number; totalCount: number }) {
  return (
    <Grid gap="md" align="center">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Suspense fallback={<Skeleton height={160} radius="md" aria-hidden="true" />}>
          <LazyReceivedChart rows={props.rows} />
        </Suspense>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <ReceivedTable rows={props.rows} totalCents={props.totalCents} totalCount={props.totalCount} />
      </Grid.Col>
    </Grid>
  );
}
