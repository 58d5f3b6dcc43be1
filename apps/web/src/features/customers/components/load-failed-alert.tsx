import { Alert, Button, Stack, Text } from '@mantine/core';

/** What the customer pages show where data could not be loaded: the reason, if any, and a retry. */
export function LoadFailedAlert(props: { title: string; message?: string; onRetry: () => void }) {
  const retry = (
    <Button variant="default" size="xs" onClick={props.onRetry}>
      Try again
    </Button>
  );
  return (
    <Alert color="red" variant="light" title={props.title}>
      {props.message === undefined ? (
        retry
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{props.message}</Text>
          {retry}
        </Stack>
      )}
    </Alert>
  );
}
