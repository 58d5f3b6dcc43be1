import { Button, Divider, Group, Modal, Stack, TextInput, Title } from '@mantine/core';
import { createCustomer } from '@tradeport/contract';
import { useNavigate } from 'react-router';
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
import { CustomerDetailsFields } from './customer-details-fields.tsx';
import { PaymentSettingsFields } from './payment-settings-fields.tsx';

const CreateCustomerBody = bodySchemaOf(createCustomer);

const INITIAL_VALUES: CreateCustomerValues = {
  ...detailsValuesOf(),
  ...paymentValuesOf(DEFAULT_PAYMENT_SETTINGS),
  invite_email: '',
};

function CreateCustomerForm(props: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const { form, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: INITIAL_VALUES,
    schema: CreateCustomerBody,
    toInput: createInputOf,
    moreErrors: paymentErrors,
    aliases: CUSTOMER_FIELD_ALIASES,
    handledErrorCodes: ['VALIDATION_ERROR'],
    isLeavingOnSuccess: true,
    onSubmit: async (body) => {
      const customer = await create.mutateAsync(body);
      navigate(routePath('/customers/:customerId', { customerId: customer.id }));
    },
  });

  return (
    <form {...formProps} aria-label="Add customer">
      <Stack gap="lg">
        <FormErrorAlert message={formError} />
        <CustomerDetailsFields form={form} />
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
          <PaymentSettingsFields form={form} />
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button {...submitProps}>Add customer</Button>
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
