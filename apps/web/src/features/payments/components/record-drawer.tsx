import { Drawer, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useIsPhone } from '#lib/use-is-phone.ts';

type RecordQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
};

/**
 * A payment's or credit's details over its list, from the right (full width on a phone), with the
 * states every record screen has: loading, not found (another organisation's id is a 404 too),
 * failed with a retry, and the record.
 */
export function RecordDrawer(props: {
  opened: boolean;
  title: string;
  /** Lower case, as in "payment". */
  what: string;
  query: RecordQuery;
  onClose: () => void;
  children: ReactNode;
}) {
  const { query } = props;
  const isPhone = useIsPhone();
  const isNotFound =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  let body: ReactNode = props.children;
  if (isNotFound) {
    body = (
      <Text c="dimmed">
        There is no {props.what} with this address. It may belong to another organisation.
      </Text>
    );
  } else if (query.isError) {
    body = (
      <LoadFailedAlert
        title={`We could not load this ${props.what}`}
        message={query.error?.message}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.isPending) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Text role="status" size="sm" c="dimmed">
          Loading {props.what}…
        </Text>
        <Skeleton height={120} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      position="right"
      size={isPhone ? '100%' : 'xl'}
      closeButtonProps={{ 'aria-label': `Close ${props.what}` }}
    >
      {body}
    </Drawer>
  );
}
