import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  ACCOUNTING_ENDPOINTS,
  type AccountingMappingInput,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { asConnection, useConnectionCall, useLoadRefusal } from './accounting-connection.ts';
import { accountingKeys } from './accounting-keys.ts';

/**
 * Refusals of the books' load the mapping says in its own words: the provider not answering (503),
 * and the connection gone meanwhile (409, which reloads it).
 */
const BOOKS_REFUSALS = ['SERVICE_UNAVAILABLE', 'CONFLICT', 'ACCOUNTING_NOT_SET_UP', 'FORBIDDEN'] as const;

/** The accounts and tax rates of the books `tenantId` names, read from the provider on each load. */
export function accountingBooksQuery(
  organisationId: string | null,
  provider: ServedAccountingProvider,
  tenantId: string | null,
) {
  const { getBooks } = ACCOUNTING_ENDPOINTS[provider];
  return queryOptions({
    queryKey: accountingKeys.books(organisationId, provider, tenantId),
    queryFn: organisationId
      ? ({ signal }) =>
          request(getBooks, {
            params: { id: organisationId },
            signal,
            organisationId,
            handledErrorCodes: BOOKS_REFUSALS,
          })
      : skipToken,
    // The server has already asked the provider again before answering 503; the person has
    // "Try again" rather than several more seconds of skeleton.
    retry: false,
  });
}

/**
 * The books' accounts and tax rates for the mapping's pickers. A refusal that says the connection
 * is out of date reloads it, and a 403 reloads the person's level.
 */
export function useAccountingBooks(provider: ServedAccountingProvider, tenantId: string | null) {
  const books = useQuery(accountingBooksQuery(useOrganisationId(), provider, tenantId));
  useLoadRefusal(provider, books.error);
  return books;
}

/** Saves where sales, fees, payments and GST land in the books, with the connection's version. */
export function useSaveMapping(provider: ServedAccountingProvider) {
  return useConnectionCall(
    provider,
    (endpoints, base, body: z.input<typeof AccountingMappingInput>) =>
      request(endpoints.saveMapping, { ...base, body }),
    asConnection,
  );
}
