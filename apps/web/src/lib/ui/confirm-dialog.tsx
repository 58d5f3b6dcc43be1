import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormErrorAlert } from './form-error-alert.tsx';

// Mantine's close button carries only an icon; this gives it a name (axe: button-name).
const CLOSE = { 'aria-label': 'Close' };

/** Asks before a destructive action; the action runs only from the confirm button. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isConfirming?: boolean;
  /** Why the action was refused, shown above the buttons so it can be tried again or cancelled. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      centered
      closeButtonProps={CLOSE}
    >
      <Stack gap="lg">
        <Text>{props.children}</Text>
        <FormErrorAlert message={props.error ?? null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={props.isConfirming}>
            {props.cancelLabel ?? 'Cancel'}
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.isConfirming}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
