import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { NewPasswordInput } from '#lib/ui/new-password-input.tsx';
import { SecretInput } from '#lib/ui/secret-input.tsx';
import { TitledSection } from '#lib/ui/titled-section.tsx';
import { useFormState } from '#lib/use-form-state.ts';
import { ChangePasswordBody, changeOwnPassword, PASSWORD_FORM_ERROR_CODES } from '../api/account-api.ts';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

export function PasswordSection() {
  const form = useFormState(EMPTY);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit({
      schema: ChangePasswordBody,
      fields: FIELDS,
      handledErrorCodes: PASSWORD_FORM_ERROR_CODES,
      moreErrors:
        form.values.confirm_password === form.values.new_password
          ? {}
          : { confirm_password: 'The passwords do not match' },
      send: async (body) => {
        await changeOwnPassword(body);
        form.setValues(EMPTY);
        showSuccessToast('Password changed. Your other sessions have been signed out.');
      },
      onFailure: (failure, error) =>
        error instanceof ApiError && error.code === 'INVALID_CREDENTIALS'
          ? { fieldErrors: { current_password: error.message }, formError: null }
          : failure,
    });
  };

  return (
    <TitledSection title="Change password" headingId="password-heading">
      <form onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
        <Stack gap="md" maw={520}>
          <FormErrorAlert message={form.formError} />
          <SecretInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.textProps('current_password')}
          />
          <NewPasswordInput label="New password" {...form.textProps('new_password')} />
          <SecretInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.textProps('confirm_password')}
          />
          <Group>
            <Button type="submit" loading={form.isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  );
}
