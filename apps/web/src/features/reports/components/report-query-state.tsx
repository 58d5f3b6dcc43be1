import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { ReportSkeleton } from './report-skeleton.tsx';

/**
 * A report's answer, or what stands in for it: a skeleton while the first answer loads, the
 * failure with a retry, and nothing while the period fields do not make a period (they say why).
 * A new period's answer loads behind the last one, dimmed, so the page does not jump.
 */
export function ReportQueryState<T>(props: {
  query: UseQueryResult<T>;
  /** Whether a period is chosen, so an answer is on its way. */
  isAsking: boolean;
  /** The report in words, lower case: "sales by product". */
  what: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.data !== undefined) {
    const isUpdating = query.isPlaceholderData && query.isFetching;
    return (
      <Stack
        gap="lg"
        aria-busy={isUpdating || undefined}
        style={{ opacity: isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        {props.children(query.data)}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <LoadFailedAlert
        title={`We could not load ${props.what}`}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return props.isAsking ? <ReportSkeleton label={`Loading ${props.what}`} /> : null;
}
