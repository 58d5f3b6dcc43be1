import { Button, Divider, Group, Modal, Stack, TextInput, Title } from '@mantine/core';
import { createCustomer } from '@tradeport/contract';
import { useNavigate } from 'react-router';
import { isForbidden, useIsAdmin } from '#lib/access.ts';
import { bodySchemaOf } from '#lib/forms/body-schema.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { routePath } from '#lib/routes.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useCreateCustomer } from '../api/create-customer.ts';
import {
  type CreateCustomerValues,
  createInputOf,
  CUSTOMER_FIELD_ALIASES,
  DEFAULT_PAYMENT_SETTINGS,
  detailsValuesOf,
  paymentErrors,
  paymentValuesOf,
} from '../model/customer-form.ts';
import { creditLimitLabel, paymentTermsLabel } from '../model/format-customer.ts';
import { refusedMessage } from '../model/refusal.ts';
import { AdminOnlyNote } from './admin-only-note.tsx';
import { isSameAbnWarning, SameAbnAlert, useSameAbnGuard } from './use-same-abn-guard.tsx';
import { CustomerDetailsFields } from './customer-details-fields.tsx';
import { PaymentSettingsFields } from './payment-settings-fields.tsx';

const CreateCustomerBody = bodySchemaOf(createCustomer);

const INITIAL_VALUES: CreateCustomerValues = {
  ...detailsValuesOf(),
  ...paymentValuesOf(DEFAULT_PAYMENT_SETTINGS),
  invite_email: '',
};

const { is_payments_enabled, payment_terms_days, credit_limit_cents } = DEFAULT_PAYMENT_SETTINGS;
const DEFAULTS_SAID = `New customers start with payments ${is_payments_enabled ? 'on' : 'off'}, terms of ${paymentTermsLabel(
  payment_terms_days,
)} and ${credit_limit_cents === null ? 'no credit limit' : `a credit limit of ${creditLimitLabel(credit_limit_cents)}`}.`;

function CreateCustomerForm(props: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  // Payment settings are an Admin's (the server refuses others, also at creation): a User adds
  // the customer with the defaults, and is told so.
  const isAdmin = useIsAdmin();
  const sameAbn = useSameAbnGuard({});
  const { form, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: INITIAL_VALUES,
    schema: CreateCustomerBody,
    toInput: (values) => createInputOf(values, { withPaymentSettings: isAdmin }),
    moreErrors: (values) => (isAdmin ? paymentErrors(values) : {}),
    aliases: CUSTOMER_FIELD_ALIASES,
    handledErrorCodes: ['VALIDATION_ERROR', 'FORBIDDEN'],
    isLeavingOnSuccess: true,
    onSubmit: async (body) => {
      await sameAbn.check(body.abn);
      const customer = await create.mutateAsync(body);
      navigate(routePath('/customers/:customerId', { customerId: customer.id }));
    },
    onFailure: (failure, error) => {
      if (isSameAbnWarning(error)) return { fieldErrors: {}, formError: null };
      if (!isForbidden(error)) return failure;
      // The level changed meanwhile: the form hook reads it again (the payment inputs go); put
      // the refused payment settings back to the defaults, and say what adding again will do.
      form.setValues(paymentValuesOf(DEFAULT_PAYMENT_SETTINGS));
      return {
        fieldErrors: {},
        formError: `${refusedMessage('The customer was not added')} Add it again to give it the default payment settings.`,
      };
    },
  });

  return (
    <form {...formProps} aria-label="Add customer">
      <Stack gap="lg">
        <FormErrorAlert message={formError} />
        <CustomerDetailsFields form={form} />
        <SameAbnAlert warning={sameAbn.warning} isShown={sameAbn.isAsking(form.values.abn)} action="Add" />
        <Divider />
        <Stack gap="sm">
          <Title order={3} size="h5">
            Invite a person
          </Title>
          <TextInput
            label="Invite a person by email"
            description="Optional. They get an email to join as this customer’s Admin and start ordering."
            type="email"
            autoComplete="off"
            {...form.getInputProps('invite_email')}
          />
        </Stack>
        <Divider />
        <Stack gap="sm">
          <Title order={3} size="h5">
            Payment settings
          </Title>
          {isAdmin ? <PaymentSettingsFields form={form} /> : <AdminOnlyNote>{DEFAULTS_SAID}</AdminOnlyNote>}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button {...submitProps}>
            {sameAbn.isAsking(form.values.abn) ? 'Add anyway' : 'Add customer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Add customer": the form lives inside the modal so that closing it starts the next one afresh. */
export function CreateCustomerModal(props: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Add customer" size="lg">
      <CreateCustomerForm onCancel={props.onClose} />
    </Modal>
  );
}
