import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { queryClient } from '#lib/query-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { INVITE_FORM_ERROR_CODES, InviteBody, invitePerson, peopleKeys } from '../api/people-api.ts';

const LEVEL_OPTIONS = [
  { value: 'User', label: 'User' },
  { value: 'Admin', label: 'Admin' },
];

/** Invites someone by email; they get a link valid for 7 days. */
export function InviteForm(props: { organisationId: string }) {
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: { email: '', user_level: 'User' },
    schema: InviteBody,
    handledErrorCodes: INVITE_FORM_ERROR_CODES,
    onSubmit: async (body) => {
      const invitation = await invitePerson(props.organisationId, body);
      showSuccessToast(`Invitation sent to ${invitation.email}`);
      form.setFieldValue('email', '');
      await queryClient.invalidateQueries({ queryKey: peopleKeys.members(props.organisationId) });
    },
  });

  return (
    <form {...formProps} aria-label="Invite someone">
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            required
            miw={260}
            style={{ flex: 1 }}
            {...form.getInputProps('email')}
          />
          <Select
            label="Level"
            data={LEVEL_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('user_level')}
            w={140}
          />
          <Button {...submitProps} mt={25}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
