import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type Payment, PAYMENT_REASON_MAX, RefundPaymentInput } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { errorProps, useContractForm } from '#lib/forms/use-contract-form.ts';
import { useIdempotencyKey } from '#lib/idempotency-key.ts';
import { centsToDollarsText, parseDollarsToCents } from '#lib/money-input.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { PAYMENT_ACTION_REFUSALS, usePaymentAction } from '../api/payment-actions.ts';
import { paymentTitle } from '../model/payment-labels.ts';

// Mantine's close button carries only an icon; this gives it a name (axe: button-name).
const CLOSE = { 'aria-label': 'Close' };

const FIELD = { name: 'amount to refund', example: '25.00' };

/** The typed dollars as cents; blank or unreadable is NaN, which the schema refuses (moreErrors words it). */
const centsOf = (text: string) => {
  const parsed = parseDollarsToCents(text, FIELD);
  return parsed.ok && parsed.cents !== null ? parsed.cents : Number.NaN;
};

/**
 * Refunds the payment in full or in part, with a reason. The form is the confirmation: its button
 * names the amount going back. One Idempotency-Key per opening, so a double submit refunds once.
 */
export function RefundPaymentDialog(props: { payment: Payment; onClose: () => void }) {
  const { payment } = props;
  const action = usePaymentAction(payment, useIdempotencyKey());
  const refundable = payment.refundable_cents;
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: { amount: centsToDollarsText(refundable), reason: '' },
    schema: RefundPaymentInput,
    toInput: (values) => ({ amount_cents: centsOf(values.amount), reason: values.reason }),
    moreErrors: (values) => {
      const parsed = parseDollarsToCents(values.amount, FIELD);
      if (!parsed.ok) return { amount: parsed.message };
      if (!parsed.cents) return { amount: 'Enter the amount to refund' };
      if (parsed.cents > refundable) return { amount: `At most ${formatMoney(refundable)} can be refunded` };
      return {};
    },
    aliases: { amount_cents: 'amount' },
    handledErrorCodes: PAYMENT_ACTION_REFUSALS,
    onSubmit: async (body) => {
      await action.mutateAsync({
        kind: 'refund',
        amount_cents: body.amount_cents,
        reason: body.reason ?? null,
      });
      props.onClose();
    },
  });
  const typed = parseDollarsToCents(form.values.amount);
  const cents = typed.ok ? typed.cents : null;
  const isFull = cents === refundable;

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Refund ${paymentTitle(payment).toLowerCase()}`}
      closeButtonProps={CLOSE}
    >
      <form {...formProps} aria-label="Refund payment">
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <Text size="sm">
            {`Up to ${formatMoney(refundable)} of ${formatMoney(payment.amount_cents)} from ${payment.customer.name} can go back. A refund takes first from any credit the payment left over, then from its orders, newest first, which owe again.`}
          </Text>
          <TextInput
            label="Amount to refund"
            leftSection="$"
            inputMode="decimal"
            errorProps={errorProps}
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <Textarea
            label="Reason"
            description="Shown on the payment's history"
            // Not autosize: it needs document.fonts, which jsdom lacks.
            rows={2}
            maxLength={PAYMENT_REASON_MAX}
            errorProps={errorProps}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button color="red" {...submitProps}>
              {cents ? `Refund ${formatMoney(cents)}${isFull ? ' (in full)' : ''}` : 'Refund'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
