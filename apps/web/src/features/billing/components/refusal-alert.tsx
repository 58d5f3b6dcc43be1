import { Alert } from '@mantine/core';
import { ApiError } from '#lib/api-error.ts';

/** Why Stripe's page could not be opened, beside the button that asked for it. */
export function RefusalAlert(props: { error: unknown }) {
  const message =
    props.error instanceof ApiError ? props.error.message : 'Stripe could not be reached. Try again.';
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
