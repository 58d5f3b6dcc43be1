import { NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { CustomerFieldErrors, PaymentSettingsValues } from '../model/customer-form.ts';
import { errorProps } from '#lib/use-form-state.ts';

type Props = {
  values: PaymentSettingsValues;
  errors: CustomerFieldErrors;
  onChange: (changes: Partial<PaymentSettingsValues>) => void;
  disabled?: boolean;
};

/** Whether the customer pays through Tradeport, their terms, and their credit limit in dollars. */
export function PaymentSettingsFields({ values, errors, onChange, disabled }: Props) {
  return (
    <Stack gap="sm">
      <Switch
        label="Payments enabled"
        description="The customer can pay invoices online and payments are tracked against their account."
        checked={values.is_payments_enabled}
        disabled={disabled}
        error={errors.is_payments_enabled}
        onChange={(event) => onChange({ is_payments_enabled: event.currentTarget.checked })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label="Payment terms (days)"
          description="Days after the invoice until payment is due; 0 for on receipt."
          min={0}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          value={values.payment_terms_days}
          error={errors.payment_terms_days}
          errorProps={errorProps}
          disabled={disabled}
          onChange={(value) => onChange({ payment_terms_days: value })}
        />
        <TextInput
          label="Credit limit"
          description="In dollars (AUD). Leave empty for no limit."
          inputMode="decimal"
          leftSection="$"
          placeholder="No limit"
          value={values.credit_limit}
          error={errors.credit_limit}
          errorProps={errorProps}
          disabled={disabled}
          onChange={(event) => onChange({ credit_limit: event.currentTarget.value })}
        />
      </SimpleGrid>
    </Stack>
  );
}
