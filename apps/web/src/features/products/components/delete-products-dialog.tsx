import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Asks before deleting products. Used products cannot be deleted (orders, tiers and groups name
 * them), so when that is known or the server refuses, it says why and offers to archive instead.
 */
export function DeleteProductsDialog(props: {
  opened: boolean;
  title: string;
  /** What will happen, or what is known about why it cannot. */
  children: ReactNode;
  /** The server's refusal (409) of an attempt, in its own words. */
  refusal: string | null;
  canDelete: boolean;
  /** False when they are archived already. */
  canArchive?: boolean;
  isDeleting: boolean;
  isArchiving: boolean;
  onDelete: () => void;
  onArchiveInstead: () => void;
  onCancel: () => void;
}) {
  const isBusy = props.isDeleting || props.isArchiving;
  const isRefused = props.refusal !== null || !props.canDelete;
  const isArchiveOffered = isRefused && props.canArchive !== false;
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered>
      <Stack gap="md">
        {props.refusal && (
          <Alert color="orange" variant="light" title="These cannot be deleted">
            {props.refusal}
          </Alert>
        )}
        {props.children}
        {isArchiveOffered && (
          <Text size="sm" c="dimmed">
            Archiving keeps them for the orders that name them, and hides them from your customers.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={isBusy}>
            Cancel
          </Button>
          {isArchiveOffered && (
            <Button onClick={props.onArchiveInstead} loading={props.isArchiving} disabled={props.isDeleting}>
              Archive instead
            </Button>
          )}
          <Button
            color="red"
            onClick={props.onDelete}
            loading={props.isDeleting}
            disabled={!props.canDelete || props.refusal !== null || props.isArchiving}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
