import { ApiError } from '#lib/api-error.ts';
import { type OAuthReturn, useOAuthReturn } from '#shared/oauth/use-oauth-return.ts';
import { useCompleteStripeConnect } from '../api/stripe-settings.ts';

export type StripeReturn = OAuthReturn;

/** Back from Stripe Connect's consent page at /stripe/settings: the code exchanged once. */
export function useStripeReturn(options: { isEnabled: boolean }): StripeReturn {
  const complete = useCompleteStripeConnect();
  return useOAuthReturn({
    isEnabled: options.isEnabled,
    complete: ({ code, state }) => complete.mutate({ code, state }),
    completion: complete,
    incompleteMessage: 'Stripe did not connect the account. Try again.',
    refusalMessage: (error) =>
      error instanceof ApiError ? error.message : 'The account could not be connected.',
  });
}
