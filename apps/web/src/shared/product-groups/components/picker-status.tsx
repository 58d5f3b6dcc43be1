import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { MIN_SEARCH_CHARS } from '@tradeport/contract';

/**
 * What a picker shows instead of results: a hint until enough is typed, a loader, a failure with a
 * retry, or that nothing matched. Null once there are results to show.
 */
export function PickerStatus(props: {
  term: string | null;
  noun: string;
  isPending: boolean;
  isError: boolean;
  count: number;
  onRetry: () => void;
}) {
  if (!props.term) {
    return (
      <Text size="sm" c="dimmed">
        Type at least {MIN_SEARCH_CHARS} characters to find {props.noun}.
      </Text>
    );
  }
  if (props.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" role="status" aria-label={`Searching ${props.noun}`} />
      </Group>
    );
  }
  if (props.isError) {
    return (
      <Alert color="red" variant="light" title={`We could not search your ${props.noun}`}>
        <Button size="xs" variant="default" onClick={props.onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (props.count === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        No {props.noun} match “{props.term}”.
      </Text>
    );
  }
  return null;
}
