import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type CustomerPaymentSettings, CustomerPaymentSettingsInput } from '@tradeport/contract';
import { useState } from 'react';
import { isForbidden, useIsAdmin } from '#lib/access.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useCustomerSettings, useUpdateCustomerSettings } from '../api/customer-settings.ts';
import {
  CUSTOMER_FIELD_ALIASES,
  paymentErrors,
  paymentInputOf,
  savedPaymentValuesOf,
} from '../model/customer-form.ts';
import { creditLimitLabel, paymentTermsLabel } from '../model/format-customer.ts';
import { refusedMessage } from '../model/refusal.ts';
import { AdminOnlyNote } from './admin-only-note.tsx';
import { PaymentSettingsFields } from './payment-settings-fields.tsx';
import { Section } from './section.tsx';

function Summary({ settings }: { settings: CustomerPaymentSettings }) {
  const items = [
    { label: 'Payments', value: settings.is_payments_enabled ? 'On' : 'Off' },
    { label: 'Terms', value: paymentTermsLabel(settings.payment_terms_days) },
    { label: 'Credit limit', value: creditLimitLabel(settings.credit_limit_cents) },
    { label: 'GST', value: settings.is_tax_exempt ? 'Exempt' : 'Charged' },
    { label: 'Overdue reminders', value: settings.is_overdue_reminders_enabled ? 'On' : 'Off' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" component="dl" m={0}>
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

function SettingsForm(props: {
  customerId: string;
  settings: CustomerPaymentSettings;
  onRefused: (message: string | null) => void;
}) {
  const update = useUpdateCustomerSettings(props.customerId);
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: savedPaymentValuesOf(props.settings),
    schema: CustomerPaymentSettingsInput,
    toInput: paymentInputOf,
    moreErrors: paymentErrors,
    aliases: CUSTOMER_FIELD_ALIASES,
    handledErrorCodes: ['VALIDATION_ERROR', 'FORBIDDEN'],
    onSubmit: async (settings) => {
      props.onRefused(null);
      await update.mutateAsync(settings);
      showSuccessToast('Payment settings saved');
    },
    onFailure: (failure, error) => {
      if (!isForbidden(error)) return failure;
      // No longer an Admin: say so above the section (the form goes once the level is read
      // again, which the form hook asks for), and show what is saved rather than the refused values.
      form.reset();
      props.onRefused(refusedMessage('Your payment settings were not saved'));
      return { fieldErrors: {}, formError: null };
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
  const isAdmin = useIsAdmin();
  const [refusal, setRefusal] = useState<string | null>(null);

  let content;
  if (query.isPending) {
    content = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading payment settings">
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
        {refusal && (
          <Alert
            color="red"
            variant="light"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setRefusal(null)}
          >
            {refusal}
          </Alert>
        )}
        <Summary settings={settings} />
        {isAdmin ? (
          // Saved settings start the form afresh from what the server kept.
          <SettingsForm
            key={JSON.stringify(settings)}
            customerId={props.customerId}
            settings={settings}
            onRefused={setRefusal}
          />
        ) : (
          <AdminOnlyNote>
            Payments, GST exemption, terms, credit limit and overdue reminders are set by an Admin.
          </AdminOnlyNote>
        )}
      </Stack>
    );
  }

  return (
    <Section
      title="Payment settings"
      description="How and when this customer pays you, and whether they are charged GST."
    >
      {content}
    </Section>
  );
}
