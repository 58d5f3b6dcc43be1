import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { NewPasswordInput } from '#lib/ui/new-password-input.tsx';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { RESET_FORM_ERROR_CODES, ResetVerifyBody, setNewPassword } from '../api/password-reset-api.ts';
import { AuthCard } from '#lib/ui/auth-card.tsx';

export function ResetPasswordVerifyScreen() {
  const [searchParams] = useSearchParams();
  const [isDone, setIsDone] = useState(false);
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: {
      email: searchParams.get('email') ?? '',
      code: searchParams.get('code') ?? '',
      new_password: '',
    },
    schema: ResetVerifyBody,
    handledErrorCodes: RESET_FORM_ERROR_CODES,
    onSubmit: async (body) => {
      await setNewPassword(body);
      setIsDone(true);
    },
  });

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
      <FormErrorAlert message={formError} />
      <form {...formProps}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput label="Code" autoComplete="one-time-code" required {...form.getInputProps('code')} />
          <NewPasswordInput label="New password" {...form.getInputProps('new_password')} />
          <Button {...submitProps} fullWidth>
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
