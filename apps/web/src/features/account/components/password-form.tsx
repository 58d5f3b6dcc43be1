import { Button, Group, Stack } from '@mantine/core';
import { ApiError } from '#lib/api-error.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { NewPasswordInput } from '#lib/ui/new-password-input.tsx';
import { SecretInput } from '#lib/ui/secret-input.tsx';
import { TitledSection } from '#lib/ui/titled-section.tsx';
import { ChangePasswordBody, changeOwnPassword, PASSWORD_FORM_ERROR_CODES } from '../api/account-api.ts';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

export function PasswordSection() {
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: EMPTY,
    schema: ChangePasswordBody,
    handledErrorCodes: PASSWORD_FORM_ERROR_CODES,
    moreErrors: (values) =>
      values.confirm_password === values.new_password
        ? {}
        : { confirm_password: 'The passwords do not match' },
    onSubmit: async (body) => {
      await changeOwnPassword(body);
      form.setValues(EMPTY);
      showSuccessToast('Password changed. Your other sessions have been signed out.');
    },
    onFailure: (failure, error) =>
      error instanceof ApiError && error.code === 'INVALID_CREDENTIALS'
        ? { fieldErrors: { current_password: error.message }, formError: null }
        : failure,
  });

  return (
    <TitledSection title="Change password" headingId="password-heading">
      <form {...formProps} aria-labelledby="password-heading">
        <Stack gap="md" maw={520}>
          <FormErrorAlert message={formError} />
          <SecretInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <NewPasswordInput label="New password" {...form.getInputProps('new_password')} />
          <SecretInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm_password')}
          />
          <Group>
            <Button {...submitProps}>Change password</Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  );
}
