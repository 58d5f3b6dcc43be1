import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AccountProfile } from '@tradeport/contract';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { queryClient } from '#lib/query-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { ImageField } from '#lib/ui/image-field.tsx';
import { QueryStatus } from '#lib/ui/query-status.tsx';
import { TitledSection } from '#lib/ui/titled-section.tsx';
import {
  ACCOUNT_FORM_ERROR_CODES,
  accountKeys,
  accountQuery,
  ProfileBody,
  saveProfile,
} from '../api/account-api.ts';

function ProfileFields(props: { profile: AccountProfile }) {
  const { profile } = props;
  const organisationId = organisationIdStore.useValue();
  const { form, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: { name: profile.name, image: profile.image },
    schema: ProfileBody,
    handledErrorCodes: ACCOUNT_FORM_ERROR_CODES,
    onSubmit: async (body) => {
      const saved = await saveProfile(body);
      queryClient.setQueryData(accountKeys.profile(organisationId), saved);
      // The name shows elsewhere (home, people lists), which read it from other answers.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] !== 'account' });
      showSuccessToast('Profile saved');
    },
    // The picture has no text field of its own; its refusal shows above the form.
    onFailure: (failure) => ({
      ...failure,
      formError: failure.formError ?? failure.fieldErrors.image ?? null,
    }),
  });

  return (
    <form {...formProps} aria-labelledby="profile-heading">
      <Stack gap="md" maw={520}>
        <FormErrorAlert message={formError} />
        <ImageField
          label="Picture"
          value={form.values.image}
          onChange={(image) => form.setFieldValue('image', image)}
          fallback={form.values.name || profile.name}
          disabled={isSubmitting}
        />
        <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput
          label="Email"
          value={profile.email}
          readOnly
          description="The email you sign in with; it cannot be changed here."
        />
        <Group>
          <Button {...submitProps}>Save profile</Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProfileSection() {
  const organisationId = organisationIdStore.useValue();
  const query = useQuery(accountQuery(organisationId));
  return (
    <TitledSection title="Profile" headingId="profile-heading">
      <QueryStatus
        query={query}
        loadingLabel="Loading your profile"
        errorTitle="Your profile could not be loaded"
      />
      {query.data && <ProfileFields key={query.data.id} profile={query.data} />}
    </TitledSection>
  );
}
