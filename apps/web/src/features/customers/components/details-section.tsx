import { Alert, Button, Group, Stack } from '@mantine/core';
import type { Customer } from '@tradeport/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { isConflict, useUpdateCustomer } from '../api/update-customer.ts';
import { customerFieldErrors, detailsValuesOf, validateCustomerDetails } from '../model/customer-form.ts';
import { useFormValues } from '../model/use-form-values.ts';
import { CustomerDetailsFields } from './customer-details-fields.tsx';
import { Section } from './section.tsx';

export const CONFLICT_MESSAGE = 'This customer was changed by someone else';

function DetailsForm(props: { customer: Customer; onConflict: () => void; onSaved: () => void }) {
  const { customer } = props;
  const update = useUpdateCustomer();
  const { values, patch, errors, setErrors, isDirty } = useFormValues(detailsValuesOf(customer));
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const result = validateCustomerDetails(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
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
          if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return;
          const mapped = customerFieldErrors(error.details);
          setErrors(mapped.errors);
          if (mapped.unmatched.length > 0 || Object.keys(mapped.errors).length === 0)
            setFormError(error.message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Customer details">
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <CustomerDetailsFields values={values} errors={errors} onChange={patch} disabled={update.isPending} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
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
