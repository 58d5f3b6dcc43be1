import { Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadFailedAlert } from './load-failed-alert.tsx';

// What a one-record screen (a customer, a product, a tier) shows before it has its record: a way
// back to the list, not found, loading, and a failed load. The words name the record; the shape
// is the same everywhere.

/** The list a record screen goes back to, e.g. `{ path: '/products', label: 'Products' }`. */
export type ListLink = { path: string; label: string };

export function BackLink(props: { to: ListLink }) {
  return (
    <Anchor component={Link} to={props.to.path} size="sm">
      ← {props.to.label}
    </Anchor>
  );
}

export function RecordNotFound(props: {
  list: ListLink;
  /** Capitalised, as in "Product not found". */
  title: string;
  /** Lower case, as in "There is no product at this address". */
  what: string;
  /** How a record usually goes away: "deleted", "removed". */
  goneBy: string;
}) {
  return (
    <Stack gap="xs" align="flex-start">
      <BackLink to={props.list} />
      <Title order={1}>{props.title} not found</Title>
      <Text c="dimmed">
        There is no {props.what} at this address. It may have been {props.goneBy}, or it belongs to another
        organisation.
      </Text>
      <Button component={Link} to={props.list.path} variant="default">
        Back to {props.list.label.toLowerCase()}
      </Button>
    </Stack>
  );
}

/** A skeleton of the screen, announced as loading; `blocks` are the heights of its sections. */
export function RecordLoading(props: { what: string; blocks: number[] }) {
  return (
    <Stack gap="lg" aria-busy="true">
      <Text role="status" size="sm" c="dimmed">
        Loading {props.what}…
      </Text>
      <Skeleton height={32} width="40%" />
      {props.blocks.map((height, index) => (
        <Skeleton key={index} height={height} />
      ))}
    </Stack>
  );
}

export function RecordLoadFailed(props: {
  list: ListLink;
  title: string;
  what: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Stack gap="md" align="flex-start">
      <BackLink to={props.list} />
      <Title order={1}>{props.title}</Title>
      <LoadFailedAlert
        title={`We could not load this ${props.what}`}
        message={props.message}
        onRetry={props.onRetry}
      />
    </Stack>
  );
}
