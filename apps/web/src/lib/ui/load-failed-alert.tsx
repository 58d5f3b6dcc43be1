import { Alert, Button, Stack, Text } from '@mantine/core';

/** Where data could not be loaded: what went wrong, if known, and a retry. */
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
