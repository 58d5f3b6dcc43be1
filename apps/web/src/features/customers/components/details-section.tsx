import { Alert, Button, Group, Stack } from '@mantine/core';
import type { Customer } from '@tradeport/contract';
import { type FormEvent, useState } from 'react';
import { businessDetailsValuesOf } from '#lib/business-details-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useFormState } from '#lib/use-form-state.ts';
import { isConflict, useUpdateCustomer } from '../api/update-customer.ts';
import { customerFormFailure, validateCustomerDetails } from '../model/customer-form.ts';
import { CustomerDetailsFields } from './customer-details-fields.tsx';
import { Section } from './section.tsx';

export const CONFLICT_MESSAGE = 'This customer was changed by someone else';

function DetailsForm(props: { customer: Customer; onConflict: () => void; onSaved: () => void }) {
  const { customer } = props;
  const update = useUpdateCustomer();
  const form = useFormState(() => businessDetailsValuesOf(customer));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    form.clearErrors();
    const result = validateCustomerDetails(form.values);
    if (!result.ok) {
      form.setFieldErrors(result.errors);
      return;
    }
    update.mutate(
      {
        customerId: customer.id,
        details: result.value,
        archived: customer.archived,
        version: customer.version,
      },
      {
        onSuccess: (saved) => {
          props.onSaved();
          showSuccessToast(`${saved.title} saved`);
        },
        onError: (error) => {
          if (isConflict(error)) return props.onConflict();
          const failure = customerFormFailure(error);
          if (failure) form.showFailure(failure);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Customer details">
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        <CustomerDetailsFields
          values={form.values}
          errors={form.fieldErrors}
          onChange={form.patch}
          disabled={update.isPending}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The customer's business details. Edits carry the version they were made on; when someone else
 * saved in between, the server refuses (409) and the form starts again from their version.
 */
export function DetailsSection(props: { customer: Customer }) {
  const [hasConflict, setHasConflict] = useState(false);
  return (
    <Section title="Details">
      {hasConflict && (
        <Alert color="yellow" variant="light" role="alert" title={CONFLICT_MESSAGE}>
          Their changes are shown below. Make your edits again and save.
        </Alert>
      )}
      {/* A new version (saved here or by someone else) starts the form afresh from it. */}
      <DetailsForm
        key={`${props.customer.id}:${props.customer.version}`}
        customer={props.customer}
        onConflict={() => setHasConflict(true)}
        onSaved={() => setHasConflict(false)}
      />
    </Section>
  );
}
