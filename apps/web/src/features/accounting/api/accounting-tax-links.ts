import { queryOptions, skipToken, useMutationState, useQuery } from '@tanstack/react-query';
import { ACCOUNTING_TAX_LINK_ENDPOINTS } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { accountingKeys } from './accounting-keys.ts';
import { LINKS_LOAD_REFUSALS, useLinksChange, useLinksLoadRefusal } from './accounting-links.ts';

/** The providers whose tax rules are linked to the books' tax rates (Xero only, SPEC §7). */
export type TaxLinkProvider = keyof typeof ACCOUNTING_TAX_LINK_ENDPOINTS;

export const hasTaxLinks = (provider: string): provider is TaxLinkProvider =>
  provider in ACCOUNTING_TAX_LINK_ENDPOINTS;

/** The merchant's tax rules with their tax rates, and the books' rates for sales (read on each load). */
export function taxLinksQuery(
  organisationId: string | null,
  provider: TaxLinkProvider,
  tenantId: string | null,
) {
  const { listTaxes } = ACCOUNTING_TAX_LINK_ENDPOINTS[provider];
  return queryOptions({
    queryKey: accountingKeys.links(organisationId, provider, tenantId, 'taxes'),
    queryFn: organisationId
      ? ({ signal }) =>
          request(listTaxes, {
            params: { id: organisationId },
            signal,
            organisationId,
            handledErrorCodes: LINKS_LOAD_REFUSALS,
          })
      : skipToken,
    retry: false,
  });
}

/** The taxes section's list, linking (`taxId` a rate of the books) and unlinking, and the rules changing. */
export function useTaxLinks(provider: TaxLinkProvider, tenantId: string | null) {
  const endpoints = ACCOUNTING_TAX_LINK_ENDPOINTS[provider];
  const options = taxLinksQuery(useOrganisationId(), provider, tenantId);
  const list = useQuery(options);
  useLinksLoadRefusal(provider, list.error);
  const listKey = options.queryKey;
  const rowKey = [...listKey, 'row'];
  const link = useLinksChange({
    provider,
    listKey,
    mutationKey: rowKey,
    call: (organisationId, input: { id: string; taxId: string }) =>
      request(endpoints.linkTax, {
        params: { id: organisationId, tid: input.id },
        body: { tax_id: input.taxId },
        organisationId,
      }),
  });
  const unlink = useLinksChange({
    provider,
    listKey,
    mutationKey: rowKey,
    call: (organisationId, input: { id: string }) =>
      request(endpoints.unlinkTax, { params: { id: organisationId, tid: input.id }, organisationId }),
  });
  const changing = useMutationState({
    filters: { mutationKey: rowKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as { id: string }).id,
  });
  return { list, link, unlink, changingIds: new Set(changing) };
}
