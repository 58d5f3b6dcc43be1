import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { SignUpBody } from '@tradeport/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { signInPath } from '#lib/navigation.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { NewPasswordInput } from '#lib/ui/new-password-input.tsx';
import {
  type InvitationLookup,
  lookUpInvitation,
  SIGN_UP_FORM_ERROR_CODES,
  signUpAndSignIn,
} from '../api/sign-up-api.ts';
import { BotCheck } from '../components/bot-check.tsx';
import { AuthCard } from '#lib/ui/auth-card.tsx';
import { routePath } from '#lib/routes.ts';

/** Where an invited person who already has an account accepts: the invitations page, after sign-in. */
function acceptAfterSignInPath(token: string, organisationId: string): string {
  return signInPath(routePath('/user/invitations', undefined, { token, organisation: organisationId }));
}

function InvitationNotice(props: { token: string; invitation: InvitationLookup | 'loading' }) {
  const { invitation } = props;
  if (invitation === 'loading') {
    return (
      <Text c="dimmed" role="status">
        Checking your invitation…
      </Text>
    );
  }
  if (invitation.kind === 'invalid') {
    return (
      <Alert color="yellow" variant="light" title="This invitation link no longer works">
        It may have expired, been withdrawn or been used already. You can still create an account; ask the
        organisation to send you a new invitation.
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="light" title={`You've been invited to join ${invitation.organisationTitle}`}>
      {invitation.hasAccount ? (
        <>
          {invitation.email} already has a Tradeport account.{' '}
          <Anchor component={Link} to={acceptAfterSignInPath(props.token, invitation.organisationId)}>
            Sign in to accept the invitation
          </Anchor>
        </>
      ) : (
        'Create your account to accept the invitation.'
      )}
    </Alert>
  );
}

export function SignUpScreen() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('invitation');
  const [invitation, setInvitation] = useState<InvitationLookup | 'loading' | null>(token ? 'loading' : null);
  // Kept beside the values, not in them: the widget going back to "unverified" after a refusal
  // must not clear the refusal, as changing a value does.
  const [altcha, setAltcha] = useState('');
  const [botCheckResetKey, setBotCheckResetKey] = useState(0);

  const validInvitation =
    invitation !== null && invitation !== 'loading' && invitation.kind === 'valid' ? invitation : null;

  const { form, fieldError, formError, formProps, submitProps } = useContractForm({
    initialValues: { name: '', email: '', password: '' },
    otherFields: ['altcha'],
    schema: SignUpBody,
    toInput: (values) => ({
      ...values,
      altcha,
      invitation_token: validInvitation && token ? token : undefined,
    }),
    handledErrorCodes: SIGN_UP_FORM_ERROR_CODES,
    isLeavingOnSuccess: true,
    onSubmit: async (body) => {
      await signUpAndSignIn(body);
      if (validInvitation) {
        // They have joined: act for that organisation from the first page on.
        organisationIdStore.set(validInvitation.organisationId);
        navigate('/', { replace: true });
      } else {
        // First the emailed code (an invitation link has proven the address already).
        navigate(
          routePath('/sign-up/verify-email', undefined, { next: routePath('/sign-up-organisation') }),
          {
            replace: true,
          },
        );
      }
    },
    onFailure: (failure) => {
      // A refused proof cannot be sent again (each challenge counts once): solve a new one.
      if (failure.fieldErrors.altcha) setBotCheckResetKey((key) => key + 1);
    },
  });
  const { setFieldValue, clearFieldError } = form;

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    lookUpInvitation(token, controller.signal).then(
      (result) => {
        setInvitation(result);
        if (result.kind === 'valid') setFieldValue('email', (current) => current || result.email);
      },
      // Aborted, or a failure the API client has toasted: carry on as a plain sign-up.
      () => controller.signal.aborted || setInvitation({ kind: 'invalid' }),
    );
    return () => controller.abort();
  }, [token, setFieldValue]);

  const onBotCheckPayload = (payload: string) => {
    setAltcha(payload);
    if (payload) clearFieldError('altcha');
  };

  return (
    <AuthCard title="Sign up">
      {token && invitation && <InvitationNotice token={token} invitation={invitation} />}
      <FormErrorAlert message={formError} />
      <form {...formProps}>
        <Stack gap="md">
          <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <NewPasswordInput label="Password" {...form.getInputProps('password')} />
          <BotCheck onPayload={onBotCheckPayload} error={fieldError('altcha')} resetKey={botCheckResetKey} />
          <Button {...submitProps} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/sign-in">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
