import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { RESET_FORM_ERROR_CODES, ResetRequestBody, sendResetCode } from '../api/password-reset-api.ts';
import { AuthCard } from '#lib/ui/auth-card.tsx';
import { routePath } from '#lib/routes.ts';

/** Says the same whether or not the email has an account, so the page cannot be used to find accounts. */
export const RESET_SENT_MESSAGE = "If an account exists for that email, we've sent a code";

export function verifyPath(email: string): string {
  return routePath('/sign-in/reset-password/verify', undefined, { email });
}

export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: { email: searchParams.get('email') ?? '' },
    schema: ResetRequestBody,
    handledErrorCodes: RESET_FORM_ERROR_CODES,
    onSubmit: async (body) => {
      await sendResetCode(body);
      setSentTo(body.email);
    },
  });

  if (sentTo) {
    return (
      <AuthCard title="Reset password">
        <Alert color="teal" variant="light" role="status">
          {RESET_SENT_MESSAGE}. It is valid for an hour.
        </Alert>
        <Button component={Link} to={verifyPath(sentTo)}>
          Enter the code
        </Button>
        <Text size="sm" ta="center">
          No email?{' '}
          <Anchor component="button" type="button" onClick={() => setSentTo(null)}>
            Try again
          </Anchor>{' '}
          ·{' '}
          <Anchor component={Link} to="/sign-in">
            Back to sign in
          </Anchor>
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password">
      <Text c="dimmed">
        Enter the email you sign in with and we'll send you a code to choose a new password.
      </Text>
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
          <Button {...submitProps} fullWidth>
            Send code
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/sign-in">
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
