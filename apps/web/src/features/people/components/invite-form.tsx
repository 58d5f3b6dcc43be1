import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { queryClient } from '#lib/query-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useFormState } from '#lib/use-form-state.ts';
import { INVITE_FORM_ERROR_CODES, InviteBody, invitePerson, peopleKeys } from '../api/people-api.ts';

const FIELDS = ['email', 'user_level'] as const;
const LEVEL_OPTIONS = [
  { value: 'User', label: 'User' },
  { value: 'Admin', label: 'Admin' },
];

/** Invites someone by email; they get a link valid for 7 days. */
export function InviteForm(props: { organisationId: string }) {
  const form = useFormState({ email: '', user_level: 'User' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit({
      schema: InviteBody,
      fields: FIELDS,
      handledErrorCodes: INVITE_FORM_ERROR_CODES,
      send: async (body) => {
        const invitation = await invitePerson(props.organisationId, body);
        showSuccessToast(`Invitation sent to ${invitation.email}`);
        form.setValue('email', '');
        await queryClient.invalidateQueries({ queryKey: peopleKeys.members(props.organisationId) });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite someone">
      <Stack gap="sm">
        <FormErrorAlert message={form.formError} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            required
            miw={260}
            style={{ flex: 1 }}
            {...form.textProps('email')}
          />
          <Select
            label="Level"
            data={LEVEL_OPTIONS}
            value={form.values.user_level}
            onChange={(value) => form.setValue('user_level', value ?? 'User')}
            allowDeselect={false}
            error={form.fieldErrors.user_level}
            errorProps={form.errorProps}
            w={140}
          />
          <Button type="submit" loading={form.isSubmitting} mt={25}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
