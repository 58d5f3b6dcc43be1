import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import {
  type Order,
  ORDER_NOTES_MAX,
  PURCHASE_ORDER_NUMBER_MAX,
  UpdateOrderInput,
} from '@tradeport/contract';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import type { OrderDetailsChange } from '../api/order-edits.ts';

type DetailsValues = { notes: string; purchase_order_number: string; delivery_date: string };

const valuesOf = (order: Order): DetailsValues => ({
  notes: order.notes ?? '',
  purchase_order_number: order.purchase_order_number ?? '',
  delivery_date: order.delivery_date ?? '',
});

/** Only what was changed is sent, so the history names it and a shipped order's notes can still change. */
export function detailsChangeOf(order: Order, values: DetailsValues): OrderDetailsChange {
  const before = valuesOf(order);
  const change: OrderDetailsChange = {};
  if (values.notes.trim() !== before.notes) change.notes = values.notes;
  if (values.purchase_order_number.trim() !== before.purchase_order_number)
    change.purchase_order_number = values.purchase_order_number;
  if (values.delivery_date !== before.delivery_date) change.delivery_date = values.delivery_date || null;
  return change;
}

function DetailsForm(props: {
  order: Order;
  onSave: (change: OrderDetailsChange) => Promise<unknown>;
  onClose: () => void;
}) {
  const { order } = props;
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: valuesOf(order),
    schema: UpdateOrderInput,
    toInput: (values) => ({ version: order.version, ...detailsChangeOf(order, values) }),
    handledErrorCodes: ['VALIDATION_ERROR'],
    onSubmit: async (_body, values) => {
      const change = detailsChangeOf(order, values);
      if (Object.keys(change).length > 0) await props.onSave(change);
      props.onClose();
    },
  });
  return (
    <form {...formProps} aria-label="Order details">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <TextInput
          label="PO number"
          maxLength={PURCHASE_ORDER_NUMBER_MAX}
          {...form.getInputProps('purchase_order_number')}
        />
        <TextInput
          type="date"
          label="Delivery date"
          disabled={!order.can_edit}
          description={order.can_edit ? undefined : 'The delivery changes only while the order is open'}
          {...form.getInputProps('delivery_date')}
        />
        <Textarea label="Notes" rows={4} maxLength={ORDER_NOTES_MAX} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button {...submitProps}>Save details</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Edit details": the PO number, delivery date and notes, sent with the order's version. */
export function OrderDetailsModal(props: {
  opened: boolean;
  order: Order;
  onSave: (change: OrderDetailsChange) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Edit order details">
      {/* Unmounted when closed, so each opening starts from the order as it is now. */}
      {props.opened && <DetailsForm order={props.order} onSave={props.onSave} onClose={props.onClose} />}
    </Modal>
  );
}
