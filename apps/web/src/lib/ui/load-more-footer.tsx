import { Alert, Button, Group, Stack, Text } from '@mantine/core';

type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * Under a keyset-paged list: how many rows are shown and a "Load more" for the next page, which
 * becomes "Try again" when that page failed. The count is announced as it grows.
 */
export function LoadMoreFooter(props: {
  query: PagedQuery;
  shown: number;
  singular: string;
  plural: string;
}) {
  const { query } = props;
  return (
    <Stack gap="md">
      {query.isFetchNextPageError && (
        <Alert color="red" variant="light">
          We could not load more {props.plural}.
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing {props.shown} {props.shown === 1 ? props.singular : props.plural}
        </Text>
        {query.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {query.isFetchNextPageError ? 'Try again' : 'Load more'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
