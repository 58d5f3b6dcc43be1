import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@tradeport/contract';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formFailureFrom, validateWith } from '#lib/form-errors.ts';
import { useFormState } from '#lib/use-form-state.ts';
import { RESET_FORM_ERROR_CODES, ResetVerifyBody, setNewPassword } from '../api/password-reset-api.ts';
import { AuthCard } from './auth-card.tsx';

const FIELDS = ['email', 'code', 'new_password'] as const;
const visibilityToggleProps = { 'aria-label': 'Show what you typed' } as const;

export function ResetPasswordVerifyScreen() {
  const [searchParams] = useSearchParams();
  const form = useFormState(() => ({
    email: searchParams.get('email') ?? '',
    code: searchParams.get('code') ?? '',
    new_password: '',
  }));
  const [isDone, setIsDone] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.isSubmitting) return;
    const checked = validateWith(ResetVerifyBody, form.values, FIELDS);
    if (checked.errors) {
      form.showFailure({ fieldErrors: checked.errors, formError: null });
      return;
    }
    form.clearErrors();
    form.setIsSubmitting(true);
    try {
      await setNewPassword(checked.data);
      setIsDone(true);
    } catch (error) {
      form.showFailure(formFailureFrom(error, { fields: FIELDS, handledErrorCodes: RESET_FORM_ERROR_CODES }));
    } finally {
      form.setIsSubmitting(false);
    }
  };

  if (isDone) {
    return (
      <AuthCard title="Choose a new password">
        <Alert color="teal" variant="light" role="status" title="Your password has been changed">
          You have been signed out everywhere. Sign in with your new password.
        </Alert>
        <Button component={Link} to="/sign-in">
          Sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <Text c="dimmed">Enter the code from the email we sent you, then choose a new password.</Text>
      {form.formError && (
        <Alert color="red" variant="light">
          {form.formError}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.textProps('email')} />
          <TextInput label="Code" autoComplete="one-time-code" required {...form.textProps('code')} />
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords.`}
            autoComplete="new-password"
            required
            {...form.textProps('new_password')}
            visibilityToggleButtonProps={visibilityToggleProps}
          />
          <Button type="submit" loading={form.isSubmitting} fullWidth>
            Change password
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        No code?{' '}
        <Anchor component={Link} to="/sign-in/reset-password">
          Send a new one
        </Anchor>{' '}
        ·{' '}
        <Anchor component={Link} to="/sign-in">
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
