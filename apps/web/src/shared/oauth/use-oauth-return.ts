import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

// A provider's OAuth consent page (Stripe Connect, Xero…) sends the person back to the settings
// route with `?code=…&state=…`, or `?error=…` when they cancelled: a fresh page load. What it
// brought is read once, the code handed on once (a code works once; the ref survives React's
// second run of effects in strict mode), and the address cleaned so a reload does not try again.

export type OAuthReturn =
  | { status: 'none' }
  | { status: 'completing' }
  | { status: 'completed' }
  | { status: 'declined' }
  | { status: 'failed'; message: string };

/** `realmId`: the books the consent page named (QuickBooks' realmId, MYOB's businessId). */
export type OAuthCode = { code: string; state: string; realmId: string | null };

/**
 * What consent pages put on the way back: OAuth's own, Xero's session_state, QuickBooks' realmId,
 * MYOB's businessId and businessName.
 */
const RETURN_PARAMS = [
  'code',
  'state',
  'scope',
  'session_state',
  'realmId',
  'businessId',
  'businessName',
  'error',
  'error_description',
];

export function useOAuthReturn(options: {
  isEnabled: boolean;
  /** Exchanges the code for the connection (the feature's mutation). */
  complete: (code: OAuthCode) => void;
  /** That mutation's state, which says how the return went. */
  completion: { isSuccess: boolean; isError: boolean; error: unknown };
  /** When the provider came back with neither a code nor a refusal we know. */
  incompleteMessage: string;
  /** Why the exchange failed, in the person's words. */
  refusalMessage: (error: unknown) => string;
}): OAuthReturn {
  const [searchParams, setSearchParams] = useSearchParams();
  const [brought] = useState(() => ({
    code: searchParams.get('code'),
    state: searchParams.get('state'),
    realmId: searchParams.get('realmId') ?? searchParams.get('businessId'),
    error: searchParams.get('error'),
  }));
  const isHandled = useRef(false);
  const hasReturned = Boolean(brought.code || brought.error);

  useEffect(() => {
    if (!options.isEnabled || !hasReturned || isHandled.current) return;
    isHandled.current = true;
    const cleaned = new URLSearchParams(searchParams);
    for (const param of RETURN_PARAMS) cleaned.delete(param);
    setSearchParams(cleaned, { replace: true });
    if (!brought.error && brought.code && brought.state) {
      options.complete({ code: brought.code, state: brought.state, realmId: brought.realmId });
    }
    // Once per return from the provider (the ref guards against a second run).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.isEnabled, hasReturned]);

  if (!hasReturned) return { status: 'none' };
  if (brought.error === 'access_denied') return { status: 'declined' };
  if (brought.error || !brought.code || !brought.state) {
    return { status: 'failed', message: options.incompleteMessage };
  }
  if (options.completion.isSuccess) return { status: 'completed' };
  if (options.completion.isError) {
    return { status: 'failed', message: options.refusalMessage(options.completion.error) };
  }
  return { status: 'completing' };
}
