import { Alert, Button, Divider, Group, Modal, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { useCreateCustomer } from '../api/create-customer.ts';
import {
  type CreateCustomerValues,
  customerFieldErrors,
  DEFAULT_PAYMENT_SETTINGS,
  EMPTY_DETAILS,
  paymentValuesOf,
  validateCreateCustomer,
} from '../model/customer-form.ts';
import { useFormValues } from '../model/use-form-values.ts';
import { CustomerDetailsFields, errorProps } from './customer-details-fields.tsx';
import { PaymentSettingsFields } from './payment-settings-fields.tsx';

const INITIAL_VALUES: CreateCustomerValues = {
  ...EMPTY_DETAILS,
  ...paymentValuesOf(DEFAULT_PAYMENT_SETTINGS),
  invite_email: '',
};

function CreateCustomerForm(props: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const { values, patch, errors, setErrors } = useFormValues(INITIAL_VALUES);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const result = validateCreateCustomer(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(result.value, {
      onSuccess: (customer) => navigate(`/customers/${customer.id}`),
      onError: (error) => {
        // Anything but a validation error has already been shown as a toast by the API client.
        if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return;
        const mapped = customerFieldErrors(error.details);
        setErrors(mapped.errors);
        if (mapped.unmatched.length > 0 || Object.keys(mapped.errors).length === 0)
          setFormError(error.message);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add customer">
      <Stack gap="lg">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
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
