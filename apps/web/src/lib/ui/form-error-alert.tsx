import { Alert } from '@mantine/core';

/** A refusal that names no field, shown above the form (Mantine's Alert is announced: role "alert"). */
export function FormErrorAlert(props: { message: string | null }) {
  if (!props.message) return null;
  return (
    <Alert color="red" variant="light">
      {props.message}
    </Alert>
  );
}
