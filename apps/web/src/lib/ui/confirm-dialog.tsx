import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Asks before a destructive action; the action runs only from the confirm button. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isConfirming?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered>
      <Stack gap="lg">
        <Text>{props.children}</Text>
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
