import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from './load-failed-alert.tsx';
import { LoadMoreFooter } from './load-more-footer.tsx';

type PagedListQuery = Parameters<typeof LoadMoreFooter>[0]['query'] & {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  error: { message: string } | null;
  refetch: () => Promise<unknown>;
};

/**
 * The body of a keyset-paged list screen, in the order every such screen decides it: a skeleton
 * on the first load, an error with a retry when nothing could be loaded, the empty state, or the
 * rows with "Load more" under them. A refetch that fails with rows on screen keeps the rows.
 */
export function PagedListContent(props: {
  query: PagedListQuery;
  /** How many rows are on screen. */
  shown: number;
  singular: string;
  plural: string;
  skeleton: ReactNode;
  empty: ReactNode;
  children: ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return props.skeleton;
  if (query.isError && !query.data) {
    return (
      <LoadFailedAlert
        title={`We could not load your ${props.plural}`}
        message={query.error?.message ?? ''}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (props.shown === 0) return props.empty;
  return (
    <Stack gap="md">
      {props.children}
      <LoadMoreFooter query={query} shown={props.shown} singular={props.singular} plural={props.plural} />
    </Stack>
  );
}
