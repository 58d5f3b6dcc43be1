import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Organisation } from '@tradeport/contract';
import { useState } from 'react';
import { useCurrentAccount } from '#lib/current-account.ts';
import { ApiError } from '#lib/api-error.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { queryClient } from '#lib/query-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { ImageField } from '#lib/ui/image-field.tsx';
import { QueryStatus } from '#lib/ui/query-status.tsx';
import { TitledSection } from '#lib/ui/titled-section.tsx';
import {
  ORGANISATION_FORM_ERROR_CODES,
  organisationKeys,
  organisationQuery,
  saveOrganisation,
  UpdateOrganisationBody,
} from '../api/organisation-api.ts';
import { BankAccountFields } from './bank-account-fields.tsx';
import { OrganisationFields } from './organisation-fields.tsx';
import { bankAccountFormValues, organisationFormValues, toOrganisationInput } from './organisation-form.ts';
import { TimeAndTaxFields } from './time-and-tax-fields.tsx';

export const STALE_EDIT_MESSAGE =
  'Someone else changed these details while you were editing. Reload to see their changes, then make yours again.';

function DetailsForm(props: {
  organisation: Organisation;
  onReload: () => Promise<{ data?: Organisation }>;
}) {
  const { organisation } = props;
  const hasSlug = organisation.is_merchant;
  // With advanced tax on, the rounding is chosen on /taxes beside the rules; otherwise here.
  const isAdvancedTax = useCurrentAccount().data?.settings.advanced_tax_enabled ?? false;
  const hasRounding = organisation.is_merchant && !isAdvancedTax;
  // Only a merchant issues invoices, so only it has a bank account to print on them.
  const hasBankAccount = organisation.is_merchant;
  // A slug saved before counts as the person's own: renaming must not move the sign-in address.
  const [isSlugEdited, setIsSlugEdited] = useState(true);
  const [isStale, setIsStale] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const { form, fieldError, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: formValues(organisation),
    schema: UpdateOrganisationBody,
    // A customer organisation has no sign-in address: its edit leaves the slug out.
    toInput: (values) => {
      const { slug, gst_rounding, bank_account_name, bank_bsb, bank_account_number, ...input } =
        toOrganisationInput(values);
      return {
        ...input,
        ...(hasSlug ? { slug } : {}),
        // Left out, the rounding stays as it is (a customer organisation has none to choose).
        ...(hasRounding ? { gst_rounding } : {}),
        // Likewise the bank account; blanks are read as none, clearing it.
        ...(hasBankAccount ? { bank_account_name, bank_bsb, bank_account_number } : {}),
        version: organisation.version,
      };
    },
    handledErrorCodes: ORGANISATION_FORM_ERROR_CODES,
    onSubmit: async (body) => {
      const saved = await saveOrganisation(organisation.id, body);
      queryClient.setQueryData(organisationKeys.detail(organisation.id), saved);
      // The title shows in the header and the switcher, which read the current user.
      void queryClient.invalidateQueries({
        queryKey: [organisation.id],
        predicate: (query) => query.queryKey[1] !== 'organisations',
      });
      showSuccessToast('Organisation details saved');
    },
    onFailure: (failure, error) => {
      // A 409 that names no field (a taken slug names body.slug) means the version was stale.
      if (error instanceof ApiError && error.code === 'CONFLICT' && failure.formError) {
        setIsStale(true);
        return { fieldErrors: {}, formError: null };
      }
    },
  });
  // The logo has no text field of its own; its refusal shows beneath it.
  const imageError = fieldError('image');

  // A newer version remounts this form with it; otherwise the answer is put in place here.
  const reload = async () => {
    setIsReloading(true);
    try {
      const { data } = await props.onReload();
      if (data) {
        form.setValues(formValues(data));
        setIsStale(false);
      }
    } finally {
      setIsReloading(false);
    }
  };

  return (
    <form {...formProps} aria-label="Organisation details">
      <Stack gap="lg">
        {isStale && (
          <Alert color="orange" variant="light" title="These details have changed">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{STALE_EDIT_MESSAGE}</Text>
              <Button
                size="xs"
                variant="light"
                color="orange"
                onClick={() => void reload()}
                loading={isReloading}
              >
                Reload details
              </Button>
            </Stack>
          </Alert>
        )}
        <FormErrorAlert message={formError} />
        <ImageField
          label="Logo"
          value={form.values.image}
          onChange={(image) => form.setFieldValue('image', image)}
          fallback={form.values.title || organisation.title}
          disabled={isSubmitting}
        />
        {imageError && (
          <Text size="sm" c="red" role="alert">
            {imageError}
          </Text>
        )}
        <OrganisationFields
          form={form}
          isSlugEdited={isSlugEdited}
          onSlugEdited={() => setIsSlugEdited(true)}
          hasSlug={hasSlug}
          disabled={isSubmitting}
        />
        <TimeAndTaxFields
          timeZone={form.getInputProps('time_zone')}
          rounding={hasRounding ? form.getInputProps('gst_rounding') : undefined}
          isRoundingOnTaxesPage={organisation.is_merchant && isAdvancedTax}
          disabled={isSubmitting}
        />
        {hasBankAccount && (
          <BankAccountFields inputProps={(field) => form.getInputProps(field)} disabled={isSubmitting} />
        )}
        <Group justify="flex-end">
          <Button {...submitProps}>Save details</Button>
        </Group>
      </Stack>
    </form>
  );
}

const timeAndTaxValues = (organisation: Organisation) => ({
  image: organisation.image,
  time_zone: organisation.time_zone,
  gst_rounding: organisation.gst_rounding as string,
});

/** Everything the form edits, as its inputs show it. */
const formValues = (organisation: Organisation) => ({
  ...organisationFormValues(organisation),
  ...timeAndTaxValues(organisation),
  ...bankAccountFormValues(organisation),
});

/** The organisation's own details (Admins), saved with its version so a stale edit is refused. */
export function OrganisationDetailsSection(props: { organisationId: string }) {
  const query = useQuery(organisationQuery(props.organisationId));

  return (
    <TitledSection title="Details" headingId="organisation-details-heading">
      <QueryStatus
        query={query}
        loadingLabel="Loading the organisation's details"
        errorTitle="The details could not be loaded"
      />
      {query.data && (
        // A new version (saved here, or reloaded after someone else's change) starts the form afresh.
        <DetailsForm key={query.data.version} organisation={query.data} onReload={() => query.refetch()} />
      )}
    </TitledSection>
  );
}
