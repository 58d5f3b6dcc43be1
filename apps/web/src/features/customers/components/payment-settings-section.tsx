import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { CustomerPaymentSettings } from '@tradeport/contract';
import type { FormEvent } from 'react';
import { showSuccessToast } from '#lib/toasts.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useFormState } from '#lib/use-form-state.ts';
import { useCustomerSettings, useUpdateCustomerSettings } from '../api/customer-settings.ts';
import { customerFormFailure, paymentValuesOf, validatePaymentSettings } from '../model/customer-form.ts';
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
  const form = useFormState(() => paymentValuesOf(props.settings));
  const { values, patch, fieldErrors: errors, isDirty } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const result = validatePaymentSettings(values);
    form.setFieldErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    update.mutate(result.value, {
      onSuccess: () => showSuccessToast('Payment settings saved'),
      // This form has no message of its own above it: only what fits a field shows.
      onError: (error) => {
        const failure = customerFormFailure(error);
        if (failure) form.setFieldErrors(failure.fieldErrors);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Payment settings">
      <Stack gap="md">
        <PaymentSettingsFields values={values} errors={errors} onChange={patch} disabled={update.isPending} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
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
