import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type Order, SetDeliveryFeeInput } from '@tradeport/contract';
import { errorProps, useContractForm } from '#lib/forms/use-contract-form.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { centsToDollarsText, parseDollarsToCents } from '#lib/money-input.ts';

const FIELD = { name: 'delivery fee', example: '12.50' };

/** The typed dollars as cents; blank is no fee. An unreadable amount is left to `moreErrors`. */
const centsOf = (text: string) => {
  const parsed = parseDollarsToCents(text, FIELD);
  return parsed.ok ? (parsed.cents ?? 0) : Number.NaN;
};

function FeeForm(props: { order: Order; onSave: (cents: number) => Promise<unknown>; onClose: () => void }) {
  const { order } = props;
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: { fee: centsToDollarsText(order.delivery_fee_cents) },
    schema: SetDeliveryFeeInput,
    toInput: (values) => ({ version: order.version, delivery_fee_cents: centsOf(values.fee) }),
    moreErrors: (values) => {
      const parsed = parseDollarsToCents(values.fee, FIELD);
      return parsed.ok ? {} : { fee: parsed.message };
    },
    aliases: { delivery_fee_cents: 'fee' },
    handledErrorCodes: ['VALIDATION_ERROR'],
    onSubmit: async (body) => {
      await props.onSave(body.delivery_fee_cents);
      props.onClose();
    },
  });

  return (
    <form {...formProps} aria-label="Delivery fee">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Text size="sm">
          Replaces the fee the delivery method gave, ex GST. GST on delivery is worked out with the totals.
        </Text>
        <TextInput
          label="Delivery fee (ex GST)"
          leftSection="$"
          inputMode="decimal"
          errorProps={errorProps}
          data-autofocus
          {...form.getInputProps('fee')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button {...submitProps}>Save delivery fee</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The merchant's override of an open order's delivery fee. */
export function DeliveryFeeModal(props: {
  opened: boolean;
  order: Order;
  onSave: (cents: number) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Change delivery fee">
      {props.opened && <FeeForm order={props.order} onSave={props.onSave} onClose={props.onClose} />}
    </Modal>
  );
}
