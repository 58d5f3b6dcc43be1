import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { CustomerPaymentSettings } from '@tradeport/contract';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useCustomerSettings, useUpdateCustomerSettings } from '../api/customer-settings.ts';
import {
  CUSTOMER_FIELD_ALIASES,
  paymentErrors,
  paymentInputOf,
  paymentValuesOf,
} from '../model/customer-form.ts';
import { creditLimitLabel, paymentTermsLabel } from '../model/format-customer.ts';
import { PaymentSettingsFields } from './payment-settings-fields.tsx';
import { Section } from './section.tsx';

function Summary({ settings }: { settings: CustomerPaymentSettings }) {
  const items = [
    { label: 'Payments', value: settings.is_payments_enabled ? 'On' : 'Off' },
    { label: 'Terms', value: paymentTermsLabel(settings.payment_terms_days) },
    { label: 'Credit limit', value: creditLimitLabel(settings.credit_limit_cents) },
  ];
  return (
    <SimpleGrid cols={3} spacing="sm" component="dl" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function SettingsForm(props: { customerId: string; settings: CustomerPaymentSettings }) {
  const update = useUpdateCustomerSettings(props.customerId);
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: paymentValuesOf(props.settings),
    schema: CustomerPaymentSettings,
    toInput: paymentInputOf,
    moreErrors: paymentErrors,
    aliases: CUSTOMER_FIELD_ALIASES,
    handledErrorCodes: ['VALIDATION_ERROR'],
    onSubmit: async (settings) => {
      await update.mutateAsync(settings);
      showSuccessToast('Payment settings saved');
    },
  });

  return (
    <form {...formProps} aria-label="Payment settings">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <PaymentSettingsFields form={form} />
        <Group justify="flex-end">
          <Button {...submitProps} disabled={!form.isDirty()}>
            Save payment settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PaymentSettingsSection(props: { customerId: string }) {
  const query = useCustomerSettings(props.customerId);

  let content;
  if (query.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading payment settings">
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <LoadFailedAlert title="We could not load the payment settings" onRetry={() => void query.refetch()} />
    );
  } else {
    const settings = query.data;
    content = (
      <Stack gap="lg">
        <Summary settings={settings} />
        {/* Saved settings start the form afresh from what the server kept. */}
        <SettingsForm key={JSON.stringify(settings)} customerId={props.customerId} settings={settings} />
      </Stack>
    );
  }

  return (
    <Section title="Payment settings" description="How and when this customer pays you.">
      {content}
    </Section>
  );
}
