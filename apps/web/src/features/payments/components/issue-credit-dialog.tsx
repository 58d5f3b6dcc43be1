import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type Credit, CREDIT_REASON_MAX, IssueCreditInput } from '@tradeport/contract';
import { useState } from 'react';
import { errorProps, useContractForm } from '#lib/forms/use-contract-form.ts';
import { useIdempotencyKey } from '#lib/idempotency-key.ts';
import { parseDollarsToCents } from '#lib/money-input.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { CREDIT_REFUSALS, useIssueCredit } from '../api/credit-actions.ts';
import { CustomerSelect, type PickedCustomer } from '#shared/customer-picker/customer-select.tsx';

// Mantine's close button carries only an icon; this gives it a name (axe: button-name).
const CLOSE = { 'aria-label': 'Close' };

const AMOUNT = { name: 'credit amount', example: '50.00' };
const CUSTOMER_FIELD = 'customer_organisation_id';

const centsOf = (text: string) => {
  const parsed = parseDollarsToCents(text, AMOUNT);
  return parsed.ok && parsed.cents !== null ? parsed.cents : Number.NaN;
};

function IssueCreditForm(props: { onIssued: (credit: Credit) => void; onClose: () => void }) {
  const issue = useIssueCredit(useIdempotencyKey());
  const [customer, setCustomer] = useState<PickedCustomer>(null);
  const { form, formError, formProps, submitProps, fieldError, isSubmitting } = useContractForm({
    initialValues: { amount: '', reason: '' },
    schema: IssueCreditInput,
    toInput: (values) => ({
      customer_organisation_id: customer?.value ?? '',
      amount_cents: centsOf(values.amount),
      reason: values.reason,
    }),
    moreErrors: (values) => {
      const errors: Record<string, string> = {};
      if (!customer) errors[CUSTOMER_FIELD] = 'Choose the customer the credit is for';
      const amount = parseDollarsToCents(values.amount, AMOUNT);
      if (!amount.ok) errors.amount = amount.message;
      else if (!amount.cents) errors.amount = 'Enter the credit amount';
      return errors as Partial<Record<keyof typeof values, string>>;
    },
    otherFields: [CUSTOMER_FIELD],
    aliases: { amount_cents: 'amount' },
    handledErrorCodes: CREDIT_REFUSALS,
    onSubmit: async (body) => props.onIssued(await issue.mutateAsync(body)),
  });
  return (
    <form {...formProps} aria-label="Issue credit">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Text size="sm">
          The customer can be credited this much against its orders: apply it to them now or later.
        </Text>
        <CustomerSelect
          label="Customer"
          placeholder="Choose a customer"
          value={customer}
          onChange={(picked) => {
            setCustomer(picked);
            form.clearFieldError(CUSTOMER_FIELD);
          }}
          error={fieldError(CUSTOMER_FIELD)}
          required
          disabled={isSubmitting}
        />
        <TextInput
          label="Amount"
          description="Inc GST"
          leftSection="$"
          inputMode="decimal"
          withAsterisk
          errorProps={errorProps}
          {...form.getInputProps('amount')}
        />
        <Textarea
          label="Reason"
          description="Shown to the customer with the credit"
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
          <Button {...submitProps}>Issue credit</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Issues a MANUAL credit with a reason. One Idempotency-Key per opening. */
export function IssueCreditDialog(props: {
  opened: boolean;
  onIssued: (credit: Credit) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Issue credit" closeButtonProps={CLOSE}>
      {props.opened && <IssueCreditForm onIssued={props.onIssued} onClose={props.onClose} />}
    </Modal>
  );
}
