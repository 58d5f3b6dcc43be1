import { Alert, Button, Group, Stack } from '@mantine/core';
import type { Customer } from '@tradeport/contract';
import { CustomerInput } from '@tradeport/contract';
import { useState } from 'react';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { isConflict, useUpdateCustomer } from '../api/update-customer.ts';
import { detailsInputOf, detailsValuesOf } from '../model/customer-form.ts';
import { CustomerDetailsFields } from './customer-details-fields.tsx';
import { Section } from './section.tsx';
import { isSameAbnWarning, SameAbnAlert, useSameAbnGuard } from './use-same-abn-guard.tsx';

export const CONFLICT_MESSAGE = 'This customer was changed by someone else';

function DetailsForm(props: { customer: Customer; onConflict: () => void; onSaved: () => void }) {
  const { customer } = props;
  const update = useUpdateCustomer();
  const sameAbn = useSameAbnGuard({ exceptId: customer.id, savedAbn: customer.abn });
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: detailsValuesOf(customer),
    schema: CustomerInput,
    toInput: detailsInputOf,
    // A stale edit (CONFLICT) shows as the section's notice, with the other person's version below.
    handledErrorCodes: ['VALIDATION_ERROR'],
    onSubmit: async (details) => {
      await sameAbn.check(details.abn);
      const saved = await update.mutateAsync({
        customerId: customer.id,
        details,
        archived: customer.archived,
        version: customer.version,
      });
      props.onSaved();
      showSuccessToast(`${saved.title} saved`);
    },
    onFailure: (failure, error) => {
      if (isSameAbnWarning(error)) return { fieldErrors: {}, formError: null };
      if (isConflict(error)) props.onConflict();
      return failure;
    },
  });

  return (
    <form {...formProps} aria-label="Customer details">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <CustomerDetailsFields form={form} />
        <SameAbnAlert warning={sameAbn.warning} isShown={sameAbn.isAsking(form.values.abn)} action="Save" />
        <Group justify="flex-end">
          <Button {...submitProps} disabled={!form.isDirty()}>
            {sameAbn.isAsking(form.values.abn) ? 'Save anyway' : 'Save details'}
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
