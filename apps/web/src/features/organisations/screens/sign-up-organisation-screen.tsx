import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { TRIAL_LENGTH_DAYS } from '@tradeport/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { queryClient } from '#lib/query-client.ts';
import { routePath } from '#lib/routes.ts';
import { AuthCard } from '#lib/ui/auth-card.tsx';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import {
  CreateOrganisationBody,
  createMerchantOrganisation,
  ORGANISATION_FORM_ERROR_CODES,
} from '../api/organisation-api.ts';
import { OrganisationFields } from '../components/organisation-fields.tsx';
import { organisationFormValues, toOrganisationInput } from '../components/organisation-form.ts';

/** Sign-up step 2: the merchant organisation, with the person as its Admin and a free trial. */
export function SignUpOrganisationScreen() {
  const navigate = useNavigate();
  const [isSlugEdited, setIsSlugEdited] = useState(false);
  const { form, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: organisationFormValues(),
    schema: CreateOrganisationBody,
    toInput: toOrganisationInput,
    handledErrorCodes: ORGANISATION_FORM_ERROR_CODES,
    isLeavingOnSuccess: true,
    onSubmit: async (body) => {
      const organisation = await createMerchantOrganisation(body);
      organisationIdStore.set(organisation.id);
      // The current user now has an organisation (and a trial) to act for.
      await queryClient.invalidateQueries();
      // Sign-up goes on: a few products, then a plan (or the trial).
      navigate(routePath('/sign-up-products'), { replace: true });
    },
  });

  return (
    <AuthCard
      title="Set up your organisation"
      maw={680}
      description={
        <Text c="dimmed">
          Tell us about your business. Your {TRIAL_LENGTH_DAYS}-day free trial starts when you create it.
        </Text>
      }
    >
      <FormErrorAlert message={formError} />
      <form {...formProps}>
        <Stack gap="lg">
          <OrganisationFields
            form={form}
            isSlugEdited={isSlugEdited}
            onSlugEdited={() => setIsSlugEdited(true)}
            disabled={isSubmitting}
          />
          <Button {...submitProps}>Create organisation</Button>
        </Stack>
      </form>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Joining a colleague's organisation instead? Ask them to invite you.
        </Text>
        <Anchor component={Link} to="/logout" size="sm">
          Log out
        </Anchor>
      </Group>
    </AuthCard>
  );
}
