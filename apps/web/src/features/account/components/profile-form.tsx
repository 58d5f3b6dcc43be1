import { Alert, Button, Group, Loader, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AccountProfile } from '@tradeport/contract';
import { type FormEvent, useState } from 'react';
import { formFailureFrom, validateWith } from '#lib/form-errors.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { queryClient } from '#lib/query-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ImageField } from '#lib/ui/image-field.tsx';
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
    if (form.isSubmitting) return;
    const checked = validateWith(ProfileBody, { name: form.values.name, image }, FIELDS);
    if (checked.errors) {
      form.showFailure({ fieldErrors: checked.errors, formError: null });
      return;
    }
    form.clearErrors();
    form.setIsSubmitting(true);
    try {
      const saved = await saveProfile(checked.data);
      queryClient.setQueryData(accountKeys.profile(organisationId), saved);
      // The name shows elsewhere (home, people lists), which read it from other answers.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] !== 'account' });
      showSuccessToast('Profile saved');
    } catch (error) {
      const failure = formFailureFrom(error, { fields: FIELDS, handledErrorCodes: ACCOUNT_FORM_ERROR_CODES });
      // The picture has no text field of its own; its refusal shows above the form.
      form.showFailure({ ...failure, formError: failure.formError ?? failure.fieldErrors.image ?? null });
    } finally {
      form.setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-heading">
      <Stack gap="md" maw={520}>
        {form.formError && (
          <Alert color="red" variant="light">
            {form.formError}
          </Alert>
        )}
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
    <Stack gap="md" component="section" aria-labelledby="profile-heading">
      <Title order={2} id="profile-heading">
        Profile
      </Title>
      {query.isPending && <Loader aria-label="Loading your profile" />}
      {query.isError && (
        <Alert color="red" variant="light" title="Your profile could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {query.data && <ProfileFields key={query.data.id} profile={query.data} />}
    </Stack>
  );
}
