import type { ServedAccountingProvider } from '@tradeport/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showSuccessToast } from '#lib/toasts.ts';
import { useCompleteConnect } from '../api/accounting-connection.ts';
import { providerWords, refusal } from './provider-words.ts';

export type AccountingReturn =
  | { status: 'none' }
  | { status: 'completing' }
  | { status: 'completed' }
  | { status: 'declined' }
  | { status: 'failed'; message: string };

// What consent pages put on the way back: OAuth's own, Xero's session_state, QuickBooks' realmId.
const RETURN_PARAMS = ['code', 'state', 'scope', 'session_state', 'realmId', 'error', 'error_description'];

/**
 * The provider sends the person back to its settings route with `?code=…&state=…` (or `?error=…`
 * when they cancelled), a fresh page load: what it brought is read once, the code exchanged for the
 * connection once (a code works once; the ref survives React's second run of effects in strict
 * mode), and the address cleaned so a reload does not try again.
 */
export function useAccountingReturn(options: {
  provider: ServedAccountingProvider;
  isEnabled: boolean;
}): AccountingReturn {
  const { name } = providerWords(options.provider);
  const [searchParams, setSearchParams] = useSearchParams();
  const [brought] = useState(() => ({
    code: searchParams.get('code'),
    state: searchParams.get('state'),
    realmId: searchParams.get('realmId'),
    error: searchParams.get('error'),
  }));
  const complete = useCompleteConnect(options.provider);
  const isHandled = useRef(false);
  const hasReturned = Boolean(brought.code || brought.error);

  useEffect(() => {
    if (!options.isEnabled || !hasReturned || isHandled.current) return;
    isHandled.current = true;
    const cleaned = new URLSearchParams(searchParams);
    for (const param of RETURN_PARAMS) cleaned.delete(param);
    setSearchParams(cleaned, { replace: true });
    if (!brought.error && brought.code && brought.state) {
      complete.mutate(
        {
          code: brought.code,
          state: brought.state,
          ...(brought.realmId ? { realm_id: brought.realmId } : {}),
        },
        {
          onSuccess: (connection) => {
            if (connection.status === 'CONNECTED') {
              showSuccessToast(
                connection.tenant ? `Connected to ${connection.tenant.name}` : `${name} connected`,
              );
            }
          },
        },
      );
    }
    // Once per return from the provider (the ref guards against a second run).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.isEnabled, hasReturned]);

  if (!hasReturned) return { status: 'none' };
  if (brought.error === 'access_denied') return { status: 'declined' };
  if (brought.error || !brought.code || !brought.state) {
    return { status: 'failed', message: `${name} did not finish connecting. Connect again.` };
  }
  if (complete.isSuccess) return { status: 'completed' };
  if (complete.isError) {
    return {
      status: 'failed',
      message: refusal(complete.error, `${name} could not be connected. Try again.`),
    };
  }
  return { status: 'completing' };
}
