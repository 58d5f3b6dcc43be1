import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { NewPasswordInput } from '#lib/ui/new-password-input.tsx';
import { useFormState } from '#lib/use-form-state.ts';
import { RESET_FORM_ERROR_CODES, ResetVerifyBody, setNewPassword } from '../api/password-reset-api.ts';
import { AuthCard } from '#lib/ui/auth-card.tsx';

const FIELDS = ['email', 'code', 'new_password'] as const;

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
    await form.submit({
      schema: ResetVerifyBody,
      fields: FIELDS,
      handledErrorCodes: RESET_FORM_ERROR_CODES,
      send: async (body) => {
        await setNewPassword(body);
        setIsDone(true);
      },
    });
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
      <FormErrorAlert message={form.formError} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.textProps('email')} />
          <TextInput label="Code" autoComplete="one-time-code" required {...form.textProps('code')} />
          <NewPasswordInput label="New password" {...form.textProps('new_password')} />
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
