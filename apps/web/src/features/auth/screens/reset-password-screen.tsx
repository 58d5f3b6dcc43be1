import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useFormState } from '#lib/use-form-state.ts';
import { RESET_FORM_ERROR_CODES, ResetRequestBody, sendResetCode } from '../api/password-reset-api.ts';
import { AuthCard } from '#lib/ui/auth-card.tsx';
import { routePath } from '#lib/routes.ts';

const FIELDS = ['email'] as const;

/** Says the same whether or not the email has an account, so the page cannot be used to find accounts. */
export const RESET_SENT_MESSAGE = "If an account exists for that email, we've sent a code";

export function verifyPath(email: string): string {
  return routePath('/sign-in/reset-password/verify', undefined, { email });
}

export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const form = useFormState({ email: searchParams.get('email') ?? '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit({
      schema: ResetRequestBody,
      fields: FIELDS,
      handledErrorCodes: RESET_FORM_ERROR_CODES,
      send: async (body) => {
        await sendResetCode(body);
        setSentTo(body.email);
      },
    });
  };

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
      <FormErrorAlert message={form.formError} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.textProps('email')} />
          <Button type="submit" loading={form.isSubmitting} fullWidth>
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
