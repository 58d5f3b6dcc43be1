import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { safeReturnUrl } from '#lib/navigation.ts';
import { AuthCard } from '#lib/ui/auth-card.tsx';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { SecretInput } from '#lib/ui/secret-input.tsx';

// The contract (with zod) and the API client are not needed to show the form, so they stay out of
// the first load: fetching starts when the person first focuses a field, and submit awaits them.
const loadSignInBody = () => import('@tradeport/contract').then((contract) => contract.SignInBody);
const loadSessionApi = () => import('../api/session-api.ts');
// Only /sign-in?merchant=<slug> needs the merchant's brand (and the API client to fetch it).
const MerchantBrand = lazy(() =>
  import('../components/merchant-brand.tsx').then((m) => ({ default: m.MerchantBrand })),
);

const plainBrand = (
  <Text fw={700} c="teal.7">
    Tradeport
  </Text>
);

// session-api's SIGN_IN_FORM_ERROR_CODES, restated: importing it would load the API client up front.
const SIGN_IN_FORM_ERROR_CODES = ['INVALID_CREDENTIALS', 'VALIDATION_ERROR'] as const;

export function SignInScreen() {
  const [searchParams] = useSearchParams();
  const merchantSlug = searchParams.get('merchant');
  const navigate = useNavigate();
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: { email: '', password: '' },
    schema: loadSignInBody,
    // The schema's message fits a mistyped address; an empty field deserves plainer words.
    moreErrors: (values) => (values.email.trim() ? {} : { email: 'Enter your email address' }),
    handledErrorCodes: SIGN_IN_FORM_ERROR_CODES,
    isLeavingOnSuccess: true,
    onSubmit: async (body) => {
      await (await loadSessionApi()).signInWithPassword(body);
      navigate(safeReturnUrl(searchParams.get('returnUrl')), { replace: true });
    },
  });

  const prefetch = () => {
    void loadSignInBody();
    void loadSessionApi();
  };

  return (
    <AuthCard
      title="Sign in"
      maw={420}
      brand={
        merchantSlug ? (
          <Suspense fallback={plainBrand}>
            <MerchantBrand slug={merchantSlug} />
          </Suspense>
        ) : (
          plainBrand
        )
      }
    >
      <FormErrorAlert message={formError} />
      <form {...formProps} onFocus={prefetch}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <SecretInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
            visibilityToggleFocusable
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/sign-in/reset-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button {...submitProps} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        New to Tradeport?{' '}
        <Anchor component={Link} to="/sign-up">
          Create an account
        </Anchor>
      </Text>
    </AuthCard>
  );
}
