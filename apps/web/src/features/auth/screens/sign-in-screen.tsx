import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { safeReturnUrl } from '#lib/navigation.ts';
import { AuthCard } from '#lib/ui/auth-card.tsx';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { SecretInput } from '#lib/ui/secret-input.tsx';
import { fieldErrorsFrom, type SignInFieldErrors } from './sign-in-errors.ts';

// The contract (with zod) and the API client are not needed to show the form, so they stay out of
// the first load: fetching starts when the person first focuses a field, and submit awaits them.
const loadValidation = () => import('./sign-in-validation.ts');
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

// Field errors are announced as they appear, like the form-level alert.
const errorProps = { role: 'alert' } as const;

export function SignInScreen() {
  const [searchParams] = useSearchParams();
  const merchantSlug = searchParams.get('merchant');
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<SignInFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const prefetch = () => {
    void loadValidation();
    void loadSessionApi();
  };

  const showServerError = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (error.code === 'INVALID_CREDENTIALS') setFormError(error.message);
    if (error.code === 'VALIDATION_ERROR') {
      const errors = fieldErrorsFrom(error.details);
      setFieldErrors(errors);
      if (!errors.email && !errors.password) setFormError(error.message);
    }
    // Anything else has already been shown as a toast by the API client.
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    const result = (await loadValidation()).validateSignIn(values);
    if ('errors' in result) {
      setFieldErrors(result.errors);
      return;
    }
    setFieldErrors({});
    setIsSubmitting(true);
    try {
      await (await loadSessionApi()).signInWithPassword(result.body);
      navigate(safeReturnUrl(searchParams.get('returnUrl')), { replace: true });
    } catch (error) {
      setIsSubmitting(false);
      showServerError(error);
    }
  };

  const setValue = (field: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) => {
    // Read now: React clears currentTarget once the handler returns, before the updater runs.
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
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
      <form onSubmit={onSubmit} onFocus={prefetch} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={setValue('email')}
            error={fieldErrors.email}
            errorProps={errorProps}
          />
          <SecretInput
            label="Password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={setValue('password')}
            error={fieldErrors.password}
            errorProps={errorProps}
            visibilityToggleFocusable
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/sign-in/reset-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" loading={isSubmitting} fullWidth>
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
