import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
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
  const [isSending, setIsSending] = useState(false);
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: { code: searchParams.get('code') ?? '' },
    schema: VerifyEmailBody,
    handledErrorCodes: VERIFY_EMAIL_FORM_ERROR_CODES,
    isLeavingOnSuccess: true,
    onSubmit: async (body) => {
      await confirmEmail(body.code);
      showSuccessToast('Your email address is confirmed.');
      navigate(next, { replace: true });
    },
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
      <form {...formProps}>
        <Stack gap="md">
          <TextInput label="Code" autoComplete="one-time-code" required {...form.getInputProps('code')} />
          <Button {...submitProps} fullWidth>
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
