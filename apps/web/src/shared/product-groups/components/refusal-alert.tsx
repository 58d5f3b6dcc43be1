import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useRefreshAccess } from '../api/use-can-edit.ts';
import { isForbidden } from '#lib/admin-only-reason.ts';
import { refusalMessage } from '../model/write-refusal.ts';

export type Refusal = { title: string; message: string };

/**
 * A section's refused changes: `report` keeps what to say (nothing when the API client has already
 * toasted it), and after a 403 reloads the person's level so actions they lost disappear.
 */
export function useRefusal() {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refreshAccess = useRefreshAccess();
  const report = (title: string, error: unknown) => {
    if (isForbidden(error)) refreshAccess();
    const message = refusalMessage(error);
    if (message) setRefusal({ title, message });
  };
  return { refusal, report, clear: () => setRefusal(null) };
}

/** Why a change did not happen, where it was asked for; dismissible. */
export function RefusalAlert(props: { refusal: Refusal | null; onClose: () => void }) {
  if (!props.refusal) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={props.refusal.title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={props.onClose}
    >
      {props.refusal.message}
    </Alert>
  );
}
