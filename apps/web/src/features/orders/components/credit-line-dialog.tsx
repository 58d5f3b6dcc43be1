import { Anchor, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { AdjustmentNoteInput, CREDIT_REASON_MAX, type Order, type OrderLine } from '@tradeport/contract';
import { Link } from 'react-router';
import { formatMoney } from '#lib/format.ts';
import { errorProps, useContractForm } from '#lib/forms/use-contract-form.ts';
import { useIdempotencyKey } from '#lib/idempotency-key.ts';
import { routePath } from '#lib/routes.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { ADJUSTMENT_REFUSALS, useIssueAdjustmentNote } from '../api/adjustment-note.ts';

function CreditLineForm(props: { order: Order; line: OrderLine; onClose: () => void }) {
  const { order, line } = props;
  const issue = useIssueAdjustmentNote(useIdempotencyKey());
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: { quantity: line.quantity as number | string, reason: '' },
    schema: AdjustmentNoteInput,
    toInput: (values) => ({
      order_id: order.id,
      reason: values.reason,
      lines: [{ product_id: line.product_id, quantity: Number(values.quantity) }],
    }),
    moreErrors: (values) => {
      const quantity = Number(values.quantity);
      return Number.isInteger(quantity) && quantity >= 1 && quantity <= line.quantity
        ? {}
        : { quantity: `From 1 to ${line.quantity}, the quantity charged` };
    },
    // The server names the line by its place in the request (`lines.0.quantity`): this one.
    aliases: { 'lines.0.quantity': 'quantity', 'lines.0.product_id': 'quantity' },
    handledErrorCodes: ADJUSTMENT_REFUSALS,
    onSubmit: async (body) => {
      const credit = await issue.mutateAsync(body);
      showSuccessToast(
        `Credit ${credit.number} of ${formatMoney(credit.amount_cents)} issued to ${order.customer.name}`,
      );
      props.onClose();
    },
  });
  return (
    <form {...formProps} aria-label={`Credit ${line.name}`}>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Text size="sm">
          {`An adjustment note credits ${order.customer.name}’s account for what of this line was not supplied, at ${formatMoney(line.unit_price_cents)} each ex GST plus its GST, as invoiced on order ${order.number}. The credit can then be applied to any of their orders on `}
          <Anchor component={Link} to={routePath('/payments/credits')} inherit>
            Account Credits
          </Anchor>
          .
        </Text>
        <NumberInput
          label="Quantity not supplied"
          description={`${line.quantity} charged`}
          min={1}
          max={line.quantity}
          allowDecimal={false}
          allowNegative={false}
          errorProps={errorProps}
          data-autofocus
          {...form.getInputProps('quantity')}
        />
        <Textarea
          label="Reason"
          placeholder="Short-supplied: out of stock on the day"
          // Not autosize: it needs document.fonts, which jsdom lacks.
          rows={2}
          maxLength={CREDIT_REASON_MAX}
          withAsterisk
          errorProps={errorProps}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button {...submitProps}>Issue adjustment note</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Credit this line": an adjustment note for a line of a shipped, completed or cancelled order
 * that was short-supplied or not supplied. One Idempotency-Key per opening.
 */
export function CreditLineDialog(props: { order: Order; line: OrderLine | null; onClose: () => void }) {
  return (
    <Modal
      opened={props.line !== null}
      onClose={props.onClose}
      title={props.line ? `Credit ${props.line.name}` : 'Credit line'}
      // Mantine's close button carries only an icon; this gives it a name (axe: button-name).
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {props.line && <CreditLineForm order={props.order} line={props.line} onClose={props.onClose} />}
    </Modal>
  );
}
