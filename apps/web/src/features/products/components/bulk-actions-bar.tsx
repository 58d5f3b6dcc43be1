import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { MAX_BULK_MATCHING_PRODUCTS, MAX_BULK_PRODUCTS, type Product } from '@tradeport/contract';
import { useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { type BulkAction, isMatchingChanged, useBulkProductAction } from '../api/bulk-products.ts';
import type { ProductListFilters } from '../api/product-keys.ts';
import { DeleteProductsDialog } from './delete-products-dialog.tsx';

const plural = (count: number) => `${count.toLocaleString('en-AU')} ${count === 1 ? 'product' : 'products'}`;

const DONE: Record<BulkAction, string> = { archive: 'archived', restore: 'restored', delete: 'deleted' };
const COUNT_OF = { archive: 'archived', restore: 'restored', delete: 'deleted' } as const;

/** What the bar acts on: the rows ticked, or every product the list's filters match. */
export type BulkTarget =
  | { kind: 'rows'; products: readonly Product[] }
  | { kind: 'matching'; total: number; filters: ProductListFilters };

/**
 * Archive applies when some chosen product is active, Restore when some is archived: for "all
 * matching", the list's status says which they can be.
 */
function applicable(target: BulkTarget) {
  if (target.kind === 'rows') {
    return {
      canArchive: target.products.some((product) => product.is_active),
      canRestore: target.products.some((product) => !product.is_active),
    };
  }
  const { status } = target.filters;
  return { canArchive: status !== 'archived', canRestore: status !== 'active' };
}

/**
 * Archive, restore or delete the chosen products, in one call; delete asks first. With every row
 * shown ticked and more matching, it offers them all ("Select all N matching products").
 */
export function BulkActionsBar(props: {
  target: BulkTarget;
  /** How many products the filters match, when that is more than the rows ticked. */
  moreMatching: number | null;
  onSelectAllMatching: () => void;
  onDone: () => void;
  onClear: () => void;
}) {
  const { target } = props;
  const bulk = useBulkProductAction();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The server's word that the filter matches another number than the one shown. */
  const [changed, setChanged] = useState<string | null>(null);
  const isMatching = target.kind === 'matching';
  const count = isMatching ? target.total : target.products.length;
  const limit = isMatching ? MAX_BULK_MATCHING_PRODUCTS : MAX_BULK_PRODUCTS;
  const isTooMany = count > limit;
  const { canArchive, canRestore } = applicable(target);

  const run = (action: BulkAction) => {
    setChanged(null);
    bulk.mutate(
      target.kind === 'matching'
        ? { action, matching: target.filters, expectedTotal: target.total }
        : { action, productIds: target.products.map((product) => product.id) },
      {
        onSuccess: (answer) => {
          setIsDeleteOpen(false);
          setRefusal(null);
          showSuccessToast(`${plural(answer[COUNT_OF[action]])} ${DONE[action]}`);
          props.onDone();
        },
        onError: (error) => {
          // Nothing changed; the list is asked again, and the bar says why with the new number.
          if (isMatchingChanged(error)) {
            setIsDeleteOpen(false);
            setRefusal(null);
            setChanged((error as ApiError).message);
            return;
          }
          // Used products: nothing was deleted. The server says which; archive is offered instead.
          if (action === 'delete' && error instanceof ApiError && error.code === 'CONFLICT')
            setRefusal(error.message);
        },
      },
    );
  };

  const closeDelete = () => {
    setIsDeleteOpen(false);
    setRefusal(null);
  };
  const pending = bulk.isPending ? bulk.variables.action : null;

  return (
    <Paper withBorder p="sm" role="region" aria-label="Bulk actions">
      <Stack gap="xs">
        {changed && (
          <Alert color="orange" variant="light" role="alert" title="Nothing was changed">
            {changed}
          </Alert>
        )}
        <Group justify="space-between">
          <Group gap="xs">
            <Text size="sm" fw={500} aria-live="polite">
              {isMatching
                ? `All ${count.toLocaleString('en-AU')} matching products selected`
                : `${plural(count)} selected`}
              {isTooMany && ` — choose at most ${limit.toLocaleString('en-AU')} at a time`}
            </Text>
            {props.moreMatching !== null && !isMatching && (
              <Button
                variant="subtle"
                size="xs"
                onClick={props.onSelectAllMatching}
                disabled={bulk.isPending}
              >
                {`Select all ${props.moreMatching.toLocaleString('en-AU')} matching products`}
              </Button>
            )}
          </Group>
          <Group gap="xs">
            {canArchive && (
              <Button
                variant="default"
                size="xs"
                onClick={() => run('archive')}
                loading={pending === 'archive'}
                disabled={isTooMany || bulk.isPending}
              >
                Archive
              </Button>
            )}
            {canRestore && (
              <Button
                variant="default"
                size="xs"
                onClick={() => run('restore')}
                loading={pending === 'restore'}
                disabled={isTooMany || bulk.isPending}
              >
                Restore
              </Button>
            )}
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
      </Stack>
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
