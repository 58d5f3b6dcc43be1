import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNTING_ENDPOINTS,
  type AccountingConnection,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { useEffect } from 'react';
import { isForbidden, useRefreshAccess } from '#lib/access.ts';
import { request } from '#lib/api-client.ts';
import { ApiError } from '#lib/api-error.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { accountingKeys } from './accounting-keys.ts';

/** Refusals the settings screen says in its own words, beside the control that was used. */
export const ACCOUNTING_REFUSALS = [
  'ACCOUNTING_NOT_SET_UP',
  'CONFLICT',
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'SERVICE_UNAVAILABLE',
  'FORBIDDEN',
] as const;

/** Refusals after which what the screen shows is out of date: the connection is loaded again. */
const STALE_CODES: readonly string[] = ['CONFLICT', 'ACCOUNTING_NOT_SET_UP'];

export const isStale = (error: unknown) => error instanceof ApiError && STALE_CODES.includes(error.code);

/** Someone changed the connection meanwhile (another tab, another Admin): a stale version. */
export const isConflict = (error: unknown) => error instanceof ApiError && error.code === 'CONFLICT';

/**
 * Refusals of a section's load (the links lists, the sync health) it says in its own words beside
 * "Try again", never as a toast: the books not answering (503), not connected or refused by the
 * books (409), not an Admin any more (403), gone (404).
 */
export const SECTION_LOAD_REFUSALS = [
  'SERVICE_UNAVAILABLE',
  'CONFLICT',
  'ACCOUNTING_NOT_SET_UP',
  'FORBIDDEN',
  'NOT_FOUND',
] as const;

/**
 * After a load from the books is refused: a refusal that says the connection is out of date (not
 * connected any more) reloads it, and a 403 reloads the person's level.
 */
export function useLoadRefusal(provider: ServedAccountingProvider, error: unknown) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const refreshAccess = useRefreshAccess();
  const isOutOfDate = isStale(error);
  const isRefused = isForbidden(error);

  useEffect(() => {
    if (isOutOfDate) {
      void queryClient.invalidateQueries({ queryKey: accountingKeys.connection(organisationId, provider) });
    }
    if (isRefused) refreshAccess();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOutOfDate, isRefused]);
}

export function accountingConnectionQuery(organisationId: string | null, provider: ServedAccountingProvider) {
  const { getConnection } = ACCOUNTING_ENDPOINTS[provider];
  return queryOptions({
    queryKey: accountingKeys.connection(organisationId, provider),
    queryFn: organisationId
      ? ({ signal }) => request(getConnection, { params: { id: organisationId }, signal, organisationId })
      : skipToken,
  });
}

export function useAccountingConnection(provider: ServedAccountingProvider, options: { enabled: boolean }) {
  return useQuery({ ...accountingConnectionQuery(useOrganisationId(), provider), enabled: options.enabled });
}

const options = (organisationId: string) => ({
  params: { id: organisationId },
  organisationId,
  handledErrorCodes: ACCOUNTING_REFUSALS,
});

type Call<T, R> = (
  endpoints: (typeof ACCOUNTING_ENDPOINTS)[ServedAccountingProvider],
  request: ReturnType<typeof options>,
  input: T,
) => Promise<R>;

/**
 * A change to the connection: its answer replaces the cached connection; a refusal that says it is
 * out of date reloads it, and a 403 reloads the person's level (an Admin made them a User meanwhile).
 */
export function useConnectionCall<T, R>(
  provider: ServedAccountingProvider,
  call: Call<T, R>,
  onAnswer?: (answer: R) => AccountingConnection | undefined,
) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const refreshAccess = useRefreshAccess();
  const key = accountingKeys.connection(organisationId, provider);
  return useMutation({
    mutationFn: (input: T) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      return call(ACCOUNTING_ENDPOINTS[provider], options(organisationId), input);
    },
    onSuccess: async (answer) => {
      const connection = onAnswer?.(answer);
      if (!connection) return;
      // A load still on its way (the page's first, beside the code's exchange) would answer older news.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, connection);
    },
    onError: (error) => {
      if (isForbidden(error)) refreshAccess();
      if (isStale(error)) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export const asConnection = (connection: AccountingConnection) => connection;

/** The provider's consent page for this merchant; the browser is sent there to connect. */
export function useStartConnect(provider: ServedAccountingProvider) {
  return useConnectionCall(provider, (endpoints, base, _: void) => request(endpoints.startConnect, base));
}

/** Back from the consent page: exchanges its code for the connection. */
export function useCompleteConnect(provider: ServedAccountingProvider) {
  return useConnectionCall(
    provider,
    (endpoints, base, body: { code: string; state: string; realm_id?: string }) =>
      request(endpoints.completeConnect, { ...base, body }),
    asConnection,
  );
}

/** Which of the login's organisations (companies…) to sync to, with the connection's version. */
export function useChooseTenant(provider: ServedAccountingProvider) {
  return useConnectionCall(
    provider,
    (endpoints, base, body: { tenant_id: string; version: number }) =>
      request(endpoints.chooseTenant, { ...base, body }),
    asConnection,
  );
}

/** Revokes the grant at the provider and forgets it here. */
export function useDisconnect(provider: ServedAccountingProvider) {
  return useConnectionCall(
    provider,
    (endpoints, base, body: { version: number }) => request(endpoints.disconnect, { ...base, body }),
    asConnection,
  );
}
