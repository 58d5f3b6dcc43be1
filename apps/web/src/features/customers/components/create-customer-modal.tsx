import { Button, Divider, Group, Modal, Stack, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { errorProps, useFormState } from '#lib/use-form-state.ts';
import { useCreateCustomer } from '../api/create-customer.ts';
import {
  type CreateCustomerValues,
  customerFormFailure,
  DEFAULT_PAYMENT_SETTINGS,
  EMPTY_DETAILS,
  paymentValuesOf,
  validateCreateCustomer,
} from '../model/customer-form.ts';
import { CustomerDetailsFields } from './customer-details-fields.tsx';
import { PaymentSettingsFields } from './payment-settings-fields.tsx';
import { routePath } from '#lib/routes.ts';

const INITIAL_VALUES: CreateCustomerValues = {
  ...EMPTY_DETAILS,
  ...paymentValuesOf(DEFAULT_PAYMENT_SETTINGS),
  invite_email: '',
};

function CreateCustomerForm(props: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const form = useFormState(INITIAL_VALUES);
  const { values, patch, fieldErrors: errors } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    form.clearErrors();
    const result = validateCreateCustomer(values);
    if (!result.ok) {
      form.setFieldErrors(result.errors);
      return;
    }
    create.mutate(result.value, {
      onSuccess: (customer) => navigate(routePath('/customers/:customerId', { customerId: customer.id })),
      onError: (error) => {
        // Anything but a validation error has already been shown as a toast by the API client.
        const failure = customerFormFailure(error);
        if (failure) form.showFailure(failure);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add customer">
      <Stack gap="lg">
        <FormErrorAlert message={form.formError} />
        <CustomerDetailsFields values={values} errors={errors} onChange={patch} />
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
            value={values.invite_email}
            error={errors.invite_email}
            errorProps={errorProps}
            onChange={(event) => patch({ invite_email: event.currentTarget.value })}
          />
        </Stack>
        <Divider />
        <Stack gap="sm">
          <Title order={3} size="h5">
            Payment settings
          </Title>
          <PaymentSettingsFields values={values} errors={errors} onChange={patch} />
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add customer
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
