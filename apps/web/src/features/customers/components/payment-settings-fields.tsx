import { NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PaymentSettingsValues } from '../model/customer-form.ts';

type Props = { form: UseFormReturnType<PaymentSettingsValues> };

/**
 * Whether the customer pays through Tradeport, whether they are charged GST, their terms, and
 * their credit limit in dollars; for a saved customer, whether overdue invoices are reminded.
 * Nothing typed is altered (no clamping, no stripping of a decimal point or a minus sign): the
 * form's checks say what is wrong instead.
 */
export function PaymentSettingsFields({ form }: Props) {
  return (
    <Stack gap="sm">
      <Switch
        label="Payments enabled"
        description="The customer can pay invoices online and payments are tracked against their account."
        {...form.getInputProps('is_payments_enabled', { type: 'checkbox' })}
      />
      <Switch
        label="GST-exempt customer"
        description="Charged no GST on any order, e.g. an exporter or a charity with an exemption."
        {...form.getInputProps('is_tax_exempt', { type: 'checkbox' })}
      />
      {form.values.is_overdue_reminders_enabled !== undefined && (
        <Switch
          label="Overdue reminders"
          description="Emails the customer’s people their overdue invoices, each at most once a week, while payments are enabled."
          {...form.getInputProps('is_overdue_reminders_enabled', { type: 'checkbox' })}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label="Payment terms (days)"
          description="Days after the invoice until payment is due; 0 for on receipt."
          min={0}
          max={365}
          {...form.getInputProps('payment_terms_days')}
        />
        <TextInput
          label="Credit limit"
          description="In dollars (AUD). Leave empty for no limit."
          inputMode="decimal"
          leftSection="$"
          placeholder="No limit"
          {...form.getInputProps('credit_limit')}
        />
      </SimpleGrid>
    </Stack>
  );
}
