import { Alert, Button, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@tradeport/contract';
import type { FormEvent } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { formFailureFrom, validateWith } from '#lib/form-errors.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { useFormState } from '#lib/use-form-state.ts';
import { ChangePasswordBody, changeOwnPassword, PASSWORD_FORM_ERROR_CODES } from '../api/account-api.ts';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
const EMPTY = { current_password: '', new_password: '', confirm_password: '' };
const visibilityToggleProps = { 'aria-label': 'Show what you typed' } as const;

export function PasswordSection() {
  const form = useFormState(EMPTY);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.isSubmitting) return;
    const checked = validateWith(ChangePasswordBody, form.values, FIELDS);
    const errors = { ...checked.errors };
    if (form.values.confirm_password !== form.values.new_password) {
      errors.confirm_password = 'The passwords do not match';
    }
    if (checked.errors || errors.confirm_password) {
      form.showFailure({ fieldErrors: errors, formError: null });
      return;
    }
    form.clearErrors();
    form.setIsSubmitting(true);
    try {
      await changeOwnPassword(checked.data);
      form.setValues(EMPTY);
      showSuccessToast('Password changed. Your other sessions have been signed out.');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') {
        form.showFailure({ fieldErrors: { current_password: error.message }, formError: null });
      } else {
        form.showFailure(
          formFailureFrom(error, { fields: FIELDS, handledErrorCodes: PASSWORD_FORM_ERROR_CODES }),
        );
      }
    } finally {
      form.setIsSubmitting(false);
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="password-heading">
      <Title order={2} id="password-heading">
        Change password
      </Title>
      <form onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
        <Stack gap="md" maw={520}>
          {form.formError && (
            <Alert color="red" variant="light">
              {form.formError}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.textProps('current_password')}
            visibilityToggleButtonProps={visibilityToggleProps}
          />
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords.`}
            autoComplete="new-password"
            required
            {...form.textProps('new_password')}
            visibilityToggleButtonProps={visibilityToggleProps}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.textProps('confirm_password')}
            visibilityToggleButtonProps={visibilityToggleProps}
          />
          <Group>
            <Button type="submit" loading={form.isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
