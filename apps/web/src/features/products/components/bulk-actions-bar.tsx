import { Button, Group, Paper, Text } from '@mantine/core';
import { MAX_BULK_PRODUCTS } from '@tradeport/contract';
import { useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { type BulkAction, useBulkProductAction } from '../api/bulk-products.ts';
import { DeleteProductsDialog } from './delete-products-dialog.tsx';

const plural = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;

const DONE: Record<BulkAction, string> = { archive: 'archived', restore: 'restored', delete: 'deleted' };

/** Archive, restore or delete the selected products, in one call; delete asks first. */
export function BulkActionsBar(props: {
  selectedIds: readonly string[];
  onDone: () => void;
  onClear: () => void;
}) {
  const { selectedIds } = props;
  const bulk = useBulkProductAction();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const count = selectedIds.length;
  const isTooMany = count > MAX_BULK_PRODUCTS;

  const run = (action: BulkAction) =>
    bulk.mutate(
      { action, productIds: selectedIds },
      {
        onSuccess: () => {
          setIsDeleteOpen(false);
          setRefusal(null);
          showSuccessToast(`${plural(count)} ${DONE[action]}`);
          props.onDone();
        },
        onError: (error) => {
          // Used products: nothing was deleted. The server says which; archive is offered instead.
          if (action === 'delete' && error instanceof ApiError && error.code === 'CONFLICT')
            setRefusal(error.message);
        },
      },
    );

  const closeDelete = () => {
    setIsDeleteOpen(false);
    setRefusal(null);
  };
  const pending = bulk.isPending ? bulk.variables.action : null;

  return (
    <Paper withBorder p="sm" role="region" aria-label="Bulk actions">
      <Group justify="space-between">
        <Text size="sm" fw={500} aria-live="polite">
          {plural(count)} selected
          {isTooMany && ` — choose at most ${MAX_BULK_PRODUCTS} at a time`}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            onClick={() => run('archive')}
            loading={pending === 'archive'}
            disabled={isTooMany || bulk.isPending}
          >
            Archive
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => run('restore')}
            loading={pending === 'restore'}
            disabled={isTooMany || bulk.isPending}
          >
            Restore
          </Button>
          <Button
            color="red"
            variant="light"
            size="xs"
            onClick={() => setIsDeleteOpen(true)}
            disabled={isTooMany || bulk.isPending}
          >
            Delete
          </Button>
          <Button variant="subtle" size="xs" onClick={props.onClear} disabled={bulk.isPending}>
            Clear selection
          </Button>
        </Group>
      </Group>
      <DeleteProductsDialog
        opened={isDeleteOpen}
        title={`Delete ${plural(count)}?`}
        refusal={refusal}
        canDelete
        isDeleting={pending === 'delete'}
        isArchiving={pending === 'archive'}
        onDelete={() => run('delete')}
        onArchiveInstead={() => run('archive')}
        onCancel={closeDelete}
      >
        <Text size="sm">
          {refusal
            ? 'Nothing was deleted.'
            : `This removes ${plural(count)} for good. Products used by an order, a pricing tier or a visibility group cannot be deleted; archive those instead.`}
        </Text>
      </DeleteProductsDialog>
    </Paper>
  );
}
