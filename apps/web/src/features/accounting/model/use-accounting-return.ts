import type { ServedAccountingProvider } from '@tradeport/contract';
import { showSuccessToast } from '#lib/toasts.ts';
import { type OAuthReturn, useOAuthReturn } from '#shared/oauth/use-oauth-return.ts';
import { useCompleteConnect } from '../api/accounting-connection.ts';
import { providerWords, refusal } from './provider-words.ts';

export type AccountingReturn = OAuthReturn;

/**
 * Back from the provider's consent page at its settings route: the code exchanged once (with
 * the books the consent page named: QuickBooks' realmId, MYOB's businessId), and a toast once the books are connected.
 */
export function useAccountingReturn(options: {
  provider: ServedAccountingProvider;
  isEnabled: boolean;
}): AccountingReturn {
  const { name } = providerWords(options.provider);
  const complete = useCompleteConnect(options.provider);
  return useOAuthReturn({
    isEnabled: options.isEnabled,
    complete: ({ code, state, realmId }) =>
      complete.mutate(
        { code, state, ...(realmId ? { realm_id: realmId } : {}) },
        {
          onSuccess: (connection) => {
            if (connection.status !== 'CONNECTED') return;
            showSuccessToast(
              connection.tenant ? `Connected to ${connection.tenant.name}` : `${name} connected`,
            );
          },
        },
      ),
    completion: complete,
    incompleteMessage: `${name} did not finish connecting. Connect again.`,
    refusalMessage: (error) => refusal(error, `${name} could not be connected. Try again.`),
  });
}
