import { Alert, Anchor, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { TRIAL_LENGTH_DAYS } from '@tradeport/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formFailureFrom, validateWith } from '#lib/form-errors.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { queryClient } from '#lib/query-client.ts';
import { useFormState } from '#lib/use-form-state.ts';
import {
  CreateOrganisationBody,
  createMerchantOrganisation,
  ORGANISATION_FORM_ERROR_CODES,
} from '../api/organisation-api.ts';
import { OrganisationFields } from '../components/organisation-fields.tsx';
import {
  EMPTY_ORGANISATION_FORM,
  ORGANISATION_FIELDS,
  toOrganisationInput,
} from '../components/organisation-form.ts';

/** Sign-up step 2: the merchant organisation, with the person as its Admin and a free trial. */
export function SignUpOrganisationScreen() {
  const navigate = useNavigate();
  const form = useFormState(EMPTY_ORGANISATION_FORM);
  const [isSlugEdited, setIsSlugEdited] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.isSubmitting) return;
    const checked = validateWith(
      CreateOrganisationBody,
      toOrganisationInput(form.values),
      ORGANISATION_FIELDS,
    );
    if (checked.errors) {
      form.showFailure({ fieldErrors: checked.errors, formError: null });
      return;
    }
    form.clearErrors();
    form.setIsSubmitting(true);
    try {
      const organisation = await createMerchantOrganisation(checked.data);
      organisationIdStore.set(organisation.id);
      // The current user now has an organisation (and a trial) to act for.
      await queryClient.invalidateQueries();
      navigate('/', { replace: true });
    } catch (error) {
      form.setIsSubmitting(false);
      form.showFailure(
        formFailureFrom(error, {
          fields: ORGANISATION_FIELDS,
          handledErrorCodes: ORGANISATION_FORM_ERROR_CODES,
        }),
      );
    }
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={680}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={700} c="teal.7">
              Tradeport
            </Text>
            <Title order={1}>Set up your organisation</Title>
            <Text c="dimmed">
              Tell us about your business. Your {TRIAL_LENGTH_DAYS}-day free trial starts when you create it.
            </Text>
          </Stack>
          {form.formError && (
            <Alert color="red" variant="light">
              {form.formError}
            </Alert>
          )}
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="lg">
              <OrganisationFields
                form={form}
                isSlugEdited={isSlugEdited}
                onSlugEdited={() => setIsSlugEdited(true)}
                disabled={form.isSubmitting}
              />
              <Button type="submit" loading={form.isSubmitting}>
                Create organisation
              </Button>
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
        </Stack>
      </Paper>
    </Center>
  );
}
