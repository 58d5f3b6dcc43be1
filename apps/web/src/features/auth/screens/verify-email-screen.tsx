import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrorsFrom } from '#lib/form-errors.ts';
import { ApiError } from '#lib/api-error.ts';
import { routePath } from '#lib/routes.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { AuthCard } from '#lib/ui/auth-card.tsx';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import {
  confirmEmail,
  sendNewEmailCode,
  VERIFY_EMAIL_FORM_ERROR_CODES,
  VerifyEmailBody,
} from '../api/email-verification-api.ts';

const FIELDS = ['code'] as const;

/** Only a path inside the app: `next` comes from the address bar, so never another site. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : routePath('/user/invitations');
}

/**
 * After sign-up: the code from the email (or the emailed link, which fills it in) proves the
 * address, and only then are invitations sent to it shown. It can be skipped and done later.
 */
export function VerifyEmailScreen() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(searchParams.get('next'));
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: searchParams.get('code') ?? '' },
    validate: (values) => {
      const parsed = VerifyEmailBody.safeParse(values);
      return parsed.success ? {} : fieldErrorsFrom(parsed.error.issues, FIELDS);
    },
  });

  const onSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await confirmEmail(values.code);
      showSuccessToast('Your email address is confirmed.');
      navigate(next, { replace: true });
    } catch (error) {
      if (
        !(error instanceof ApiError) ||
        !VERIFY_EMAIL_FORM_ERROR_CODES.some((code) => code === error.code)
      ) {
        return; // toasted by the API client
      }
      const fieldErrors = fieldErrorsFrom(error.details, FIELDS);
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFormError(error.message);
    }
  });

  const onSendAgain = async () => {
    setIsSending(true);
    try {
      await sendNewEmailCode();
      showSuccessToast('We sent you a new code.');
    } catch {
      // Toasted by the API client.
    } finally {
      setIsSending(false);
    }
  };

  return (
    <AuthCard title="Confirm your email">
      <Text c="dimmed">
        We emailed you a code. Enter it here, or open the link in the email, to confirm the address is yours.
        Invitations sent to it appear once it is confirmed.
      </Text>
      <FormErrorAlert message={formError} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Code"
            autoComplete="one-time-code"
            required
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            Confirm email
          </Button>
        </Stack>
      </form>
      <Alert variant="light" color="gray">
        No email?{' '}
        <Anchor component="button" type="button" onClick={onSendAgain} disabled={isSending}>
          Send a new code
        </Anchor>{' '}
        ·{' '}
        <Anchor component={Link} to={next}>
          Do this later
        </Anchor>
      </Alert>
    </AuthCard>
  );
}
