import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { GroupSummary } from '@tradeport/contract';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { useDeleteGroup } from '../api/delete-group.ts';
import { BackLink } from '#lib/ui/record-states.tsx';
import {
  capitalise,
  type GroupKind,
  type GroupProduct,
  listLinkOf,
  listPathOf,
} from '../model/group-kind.ts';
import { GroupFormModal } from './group-form-modal.tsx';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The record's name, description and counts, with rename and delete for Admins. */
export function GroupHeader<S extends z.ZodType<GroupProduct>>(props: {
  kind: GroupKind<S>;
  group: GroupSummary;
  canEdit: boolean;
  onRefused: (title: string, error: unknown) => void;
}) {
  const { kind, group } = props;
  const navigate = useNavigate();
  const [isEditOpen, editModal] = useDisclosure(false);
  const [isDeleteOpen, deleteDialog] = useDisclosure(false);
  const remove = useDeleteGroup(kind, group.id);

  const confirmDelete = () => {
    if (remove.isPending) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        showSuccessToast(`“${group.name}” deleted`);
        void navigate(listPathOf(kind), { replace: true });
      },
      onError: (error) => {
        deleteDialog.close();
        props.onRefused(`“${group.name}” was not deleted`, error);
      },
    });
  };

  return (
    <Stack gap="sm">
      <BackLink to={listLinkOf(kind)} />
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ flex: '1 1 320px' }}>
          <Title order={1}>{group.name}</Title>
          {group.description && <Text>{group.description}</Text>}
          <Text size="sm" c="dimmed">
            {capitalise(kind.singular)} · {plural(group.product_count, 'product', 'products')} ·{' '}
            {plural(group.customer_count, 'customer', 'customers')}
          </Text>
        </Stack>
        {props.canEdit ? (
          <Group gap="sm">
            <Button variant="default" onClick={editModal.open}>
              Edit details
            </Button>
            <Button variant="light" color="red" onClick={deleteDialog.open}>
              Delete {kind.singular}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" maw={320}>
            You can view this {kind.singular}. Only Admins can change it.
          </Text>
        )}
      </Group>
      {props.canEdit && (
        <>
          <GroupFormModal kind={kind} group={group} opened={isEditOpen} onClose={editModal.close} />
          <ConfirmDialog
            opened={isDeleteOpen}
            title={`Delete “${group.name}”?`}
            confirmLabel={`Delete ${kind.singular}`}
            isConfirming={remove.isPending}
            onConfirm={confirmDelete}
            onCancel={deleteDialog.close}
          >
            {kind.deleteConsequence} This cannot be undone.
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}
