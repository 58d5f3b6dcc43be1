import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AccountProfile } from '@tradeport/contract';
import { type FormEvent, useState } from 'react';
import { organisationIdStore } from '#lib/organisation.ts';
import { queryClient } from '#lib/query-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { ImageField } from '#lib/ui/image-field.tsx';
import { QueryStatus } from '#lib/ui/query-status.tsx';
import { TitledSection } from '#lib/ui/titled-section.tsx';
import { useFormState } from '#lib/use-form-state.ts';
import {
  ACCOUNT_FORM_ERROR_CODES,
  accountKeys,
  accountQuery,
  ProfileBody,
  saveProfile,
} from '../api/account-api.ts';

const FIELDS = ['name', 'image'] as const;

function ProfileFields(props: { profile: AccountProfile }) {
  const { profile } = props;
  const organisationId = organisationIdStore.useValue();
  const form = useFormState({ name: profile.name });
  const [image, setImage] = useState(profile.image);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit({
      schema: ProfileBody,
      input: { name: form.values.name, image },
      fields: FIELDS,
      handledErrorCodes: ACCOUNT_FORM_ERROR_CODES,
      send: async (body) => {
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
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-heading">
      <Stack gap="md" maw={520}>
        <FormErrorAlert message={form.formError} />
        <ImageField
          label="Picture"
          value={image}
          onChange={setImage}
          fallback={form.values.name || profile.name}
          disabled={form.isSubmitting}
        />
        <TextInput label="Name" autoComplete="name" required {...form.textProps('name')} />
        <TextInput
          label="Email"
          value={profile.email}
          readOnly
          description="The email you sign in with; it cannot be changed here."
        />
        <Group>
          <Button type="submit" loading={form.isSubmitting}>
            Save profile
          </Button>
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
