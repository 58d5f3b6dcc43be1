import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { useCompleteStripeConnect } from '../api/stripe-settings.ts';

export type StripeReturn =
  | { status: 'none' }
  | { status: 'completing' }
  | { status: 'connected' }
  | { status: 'declined' }
  | { status: 'failed'; message: string };

const RETURN_PARAMS = ['code', 'state', 'scope', 'error', 'error_description'];

/**
 * Stripe sends the person back to /stripe/settings with `?code=…&state=…` (or `?error=…` when they
 * declined), a fresh page load: what it brought is read once, the code exchanged for the
 * connection once (a code works once), and the address cleaned so a reload does not try again.
 */
export function useStripeReturn(options: { isEnabled: boolean }): StripeReturn {
  const [searchParams, setSearchParams] = useSearchParams();
  const [brought] = useState(() => ({
    code: searchParams.get('code'),
    state: searchParams.get('state'),
    error: searchParams.get('error'),
  }));
  const complete = useCompleteStripeConnect();
  const isHandled = useRef(false);
  const hasReturned = Boolean(brought.code || brought.error);

  useEffect(() => {
    if (!options.isEnabled || !hasReturned || isHandled.current) return;
    isHandled.current = true;
    const cleaned = new URLSearchParams(searchParams);
    for (const name of RETURN_PARAMS) cleaned.delete(name);
    setSearchParams(cleaned, { replace: true });
    if (!brought.error && brought.code && brought.state) {
      complete.mutate({ code: brought.code, state: brought.state });
    }
    // Once per return from Stripe (the ref guards against a second run).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.isEnabled, hasReturned]);

  if (!hasReturned) return { status: 'none' };
  if (brought.error === 'access_denied') return { status: 'declined' };
  if (brought.error || !brought.code || !brought.state) {
    return { status: 'failed', message: 'Stripe did not connect the account. Try again.' };
  }
  if (complete.isSuccess) return { status: 'connected' };
  if (complete.isError) {
    return {
      status: 'failed',
      message:
        complete.error instanceof ApiError ? complete.error.message : 'The account could not be connected.',
    };
  }
  return { status: 'completing' };
}
