import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ACCOUNTING_TAX_LINK_ENDPOINTS } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { SECTION_LOAD_REFUSALS, useLoadRefusal } from './accounting-connection.ts';
import { accountingKeys } from './accounting-keys.ts';
import { useRowLinks } from './accounting-links.ts';

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
            handledErrorCodes: SECTION_LOAD_REFUSALS,
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
  useLoadRefusal(provider, list.error);
  const rows = useRowLinks({
    provider,
    listKey: options.queryKey,
    link: (organisationId, input: { id: string; taxId: string }) =>
      request(endpoints.linkTax, {
        params: { id: organisationId, tid: input.id },
        body: { tax_id: input.taxId },
        organisationId,
      }),
    unlink: (organisationId, id) =>
      request(endpoints.unlinkTax, { params: { id: organisationId, tid: id }, organisationId }),
  });
  return { list, ...rows };
}
