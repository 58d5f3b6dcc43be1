import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Organisation } from '@tradeport/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { formFailureFrom, validateWith } from '#lib/form-errors.ts';
import { queryClient } from '#lib/query-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ImageField } from '#lib/ui/image-field.tsx';
import { useFormState } from '#lib/use-form-state.ts';
import {
  ORGANISATION_FORM_ERROR_CODES,
  organisationKeys,
  organisationQuery,
  saveOrganisation,
  UpdateOrganisationBody,
} from '../api/organisation-api.ts';
import { OrganisationFields } from './organisation-fields.tsx';
import { ORGANISATION_FIELDS, organisationFormValues, toOrganisationInput } from './organisation-form.ts';

const FIELDS = [...ORGANISATION_FIELDS, 'image'] as const;

export const STALE_EDIT_MESSAGE =
  'Someone else changed these details while you were editing. Reload to see their changes, then make yours again.';

function DetailsForm(props: {
  organisation: Organisation;
  onReload: () => Promise<{ data?: Organisation }>;
}) {
  const { organisation } = props;
  const form = useFormState(() => organisationFormValues(organisation));
  const [image, setImage] = useState(organisation.image);
  // A slug saved before counts as the person's own: renaming must not move the sign-in address.
  const [isSlugEdited, setIsSlugEdited] = useState(true);
  const [isStale, setIsStale] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [isReloading, setIsReloading] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.isSubmitting) return;
    const checked = validateWith(
      UpdateOrganisationBody,
      { ...toOrganisationInput(form.values), image, version: organisation.version },
      FIELDS,
    );
    if (checked.errors) {
      form.showFailure({ fieldErrors: checked.errors, formError: null });
      setImageError(checked.errors.image ?? null);
      return;
    }
    form.clearErrors();
    setImageError(null);
    form.setIsSubmitting(true);
    try {
      const saved = await saveOrganisation(organisation.id, checked.data);
      queryClient.setQueryData(organisationKeys.detail(organisation.id), saved);
      // The title shows in the header and the switcher, which read the current user.
      void queryClient.invalidateQueries({
        queryKey: [organisation.id],
        predicate: (query) => query.queryKey[1] !== 'organisations',
      });
      showSuccessToast('Organisation details saved');
    } catch (error) {
      const failure = formFailureFrom(error, {
        fields: FIELDS,
        handledErrorCodes: ORGANISATION_FORM_ERROR_CODES,
      });
      // A 409 that names no field (a taken slug names body.slug) means the version was stale.
      if (error instanceof ApiError && error.code === 'CONFLICT' && failure.formError) {
        setIsStale(true);
        form.showFailure({ fieldErrors: {}, formError: null });
        return;
      }
      form.showFailure(failure);
      setImageError(failure.fieldErrors.image ?? null);
    } finally {
      form.setIsSubmitting(false);
    }
  };

  // A newer version remounts this form with it; otherwise the answer is put in place here.
  const reload = async () => {
    setIsReloading(true);
    try {
      const { data } = await props.onReload();
      if (data) {
        form.setValues(organisationFormValues(data));
        setImage(data.image);
        setIsStale(false);
      }
    } finally {
      setIsReloading(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Organisation details">
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
        {form.formError && (
          <Alert color="red" variant="light">
            {form.formError}
          </Alert>
        )}
        <ImageField
          label="Logo"
          value={image}
          onChange={setImage}
          fallback={form.values.title || organisation.title}
          disabled={form.isSubmitting}
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
          disabled={form.isSubmitting}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.isSubmitting}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The organisation's own details (Admins), saved with its version so a stale edit is refused. */
export function OrganisationDetailsSection(props: { organisationId: string }) {
  const query = useQuery(organisationQuery(props.organisationId));

  return (
    <Stack gap="md" component="section" aria-labelledby="organisation-details-heading">
      <Title order={2} id="organisation-details-heading">
        Details
      </Title>
      {query.isPending && <Loader aria-label="Loading the organisation's details" />}
      {query.isError && (
        <Alert color="red" variant="light" title="The details could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {query.data && (
        // A new version (saved here, or reloaded after someone else's change) starts the form afresh.
        <DetailsForm key={query.data.version} organisation={query.data} onReload={() => query.refetch()} />
      )}
    </Stack>
  );
}
