import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { LoadMoreFooter } from '#lib/ui/load-more-footer.tsx';
import { MemberTableSkeleton } from './member-table.tsx';

type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data?: unknown;
  refetch: () => Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * A section's paged rows with everything around them: loading, failure with a retry, nothing yet
 * or nothing matching, and "Load more" under the table.
 */
export function MemberListState(props: {
  query: PagedQuery;
  count: number;
  search: string | null;
  singular: string;
  plural: string;
  /** Said when there are none at all. */
  empty: string;
  children: ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <MemberTableSkeleton label={props.plural} />;
  if (query.isError && !query.data) {
    return (
      <LoadFailedAlert
        title={`We could not load the ${props.plural}`}
        message={query.error?.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (props.count === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {props.search ? `No ${props.plural} match “${props.search}”.` : props.empty}
      </Text>
    );
  }
  return (
    <>
      {props.children}
      <LoadMoreFooter query={query} shown={props.count} singular={props.singular} plural={props.plural} />
    </>
  );
}
