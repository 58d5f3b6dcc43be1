import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';

/**
 * Asks before deleting. Whether the record is in use is the server's to say (a 409 naming how many
 * products use it), so the question is asked for every record alike.
 */
export function DeleteTaxonomyDialog(props: {
  kind: { singular: string };
  item: { name: string } | null;
  opened: boolean;
  isDeleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      opened={props.opened}
      title={`Delete ${props.item?.name ?? ''}?`}
      confirmLabel="Delete"
      isConfirming={props.isDeleting}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      This deletes the {props.kind.singular} for good. One that products still use cannot be deleted.
    </ConfirmDialog>
  );
}
