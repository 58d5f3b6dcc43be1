import { Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ShippingMethod } from '@tradeport/contract';
import { useState } from 'react';
import { ADMIN_ONLY_REASON, useIsAdmin } from '#lib/access.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { useDeleteShippingMethod } from '../api/delete-shipping-method.ts';
import { useShippingMethods } from '../api/list-shipping-methods.ts';
import { NoShippingMethods } from '../components/no-shipping-methods.tsx';
import { ShippingMethodFormModal } from '../components/shipping-method-form-modal.tsx';
import { ShippingMethodsTable, ShippingMethodsTableSkeleton } from '../components/shipping-methods-table.tsx';

/** Until the list has answered: the zone every new merchant starts in. */
const DEFAULT_TIME_ZONE = 'Australia/Sydney';

/**
 * /delivery: the merchant's delivery and pick-up methods, with their fees, minimums, days, cut-off
 * and who they are offered to. Admins add, edit and delete them; everyone else reads.
 */
export function DeliveryScreen() {
  const canEdit = useIsAdmin();
  const query = useShippingMethods();
  const remove = useDeleteShippingMethod();
  const [editing, setEditing] = useState<ShippingMethod | null>(null);
  const [isFormOpen, formModal] = useDisclosure(false);
  const [deleting, setDeleting] = useState<ShippingMethod | null>(null);
  const [isDeleteOpen, deleteDialog] = useDisclosure(false);

  const methods = query.data?.pages.flatMap((page) => page.items) ?? [];
  const timeZone = query.data?.pages[0]?.time_zone ?? DEFAULT_TIME_ZONE;

  // The chosen method stays set while the modal closes, so its content does not change mid-fade.
  const openForm = (method: ShippingMethod | null) => {
    setEditing(method);
    formModal.open();
  };
  const askToDelete = (method: ShippingMethod) => {
    setDeleting(method);
    deleteDialog.open();
  };
  const confirmDelete = () => {
    const method = deleting;
    if (!method || remove.isPending) return;
    remove.mutate(method, {
      onSuccess: () => showSuccessToast(`“${method.name}” deleted`),
      onSettled: deleteDialog.close,
    });
  };

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Delivery"
        description={`How your customers get their orders, and when. Cut-off times are in ${timeZone} time.`}
        actions={canEdit && <Button onClick={() => openForm(null)}>Add delivery method</Button>}
      />
      {!canEdit && (
        <Text size="sm" c="dimmed">
          {ADMIN_ONLY_REASON}
        </Text>
      )}
      <PagedListContent
        query={query}
        shown={methods.length}
        singular="delivery method"
        plural="delivery methods"
        skeleton={<ShippingMethodsTableSkeleton />}
        empty={<NoShippingMethods canEdit={canEdit} onAdd={() => openForm(null)} />}
      >
        <ShippingMethodsTable
          methods={methods}
          timeZone={timeZone}
          canEdit={canEdit}
          onEdit={openForm}
          onDelete={askToDelete}
        />
      </PagedListContent>
      {canEdit && (
        <>
          <ShippingMethodFormModal
            method={editing}
            timeZone={timeZone}
            opened={isFormOpen}
            onClose={formModal.close}
          />
          <ConfirmDialog
            opened={isDeleteOpen}
            title={`Delete ${deleting?.name ?? ''}?`}
            confirmLabel="Delete"
            isConfirming={remove.isPending}
            onConfirm={confirmDelete}
            onCancel={deleteDialog.close}
          >
            Customers can no longer choose it. Orders that used it keep its name and fee.
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}
