import { infiniteQueryOptions, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import {
  ACCOUNTING_LINK_ENDPOINTS,
  type AccountingLinkState,
  type CustomerLinks,
  type LinksChanged,
  type ProductLinks,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { SECTION_LOAD_REFUSALS, useLoadRefusal } from './accounting-connection.ts';
import { accountingKeys } from './accounting-keys.ts';
import { useLinksChange, useRowLinks } from './accounting-links.ts';

// Customers ↔ contacts and products ↔ items: the same four calls each, under
// /{provider}/organisation/{id}/customers and …/products.

/**
 * Rows a page. Every page reads the books' unlinked records again, so pages are large enough that
 * most merchants need one.
 */
export const LINKS_PAGE_SIZE = 50;

/** Link every suggestion, or make these records in the books (at most MAX_BOOKS_BATCH) and link them. */
export type RecordLinksChange = { action: 'LINK_SUGGESTED' } | { action: 'CREATE'; ids: string[] };

/** Link one record (`id`: the customer or product) to the books' record `externalId`. */
export type RecordLinkInput = { id: string; externalId: string };

type Endpoints = (typeof ACCOUNTING_LINK_ENDPOINTS)[ServedAccountingProvider];
type Page = { next_cursor: string | null };

type Calls<P extends Page> = {
  kind: 'customers' | 'products';
  list: (
    endpoints: Endpoints,
    options: { organisationId: string; signal: AbortSignal; cursor: string | undefined },
  ) => Promise<P>;
  change: (endpoints: Endpoints, organisationId: string, input: RecordLinksChange) => Promise<LinksChanged>;
  link: (
    endpoints: Endpoints,
    organisationId: string,
    input: RecordLinkInput,
  ) => Promise<AccountingLinkState>;
  unlink: (endpoints: Endpoints, organisationId: string, id: string) => Promise<AccountingLinkState>;
};

const listOptions = (options: {
  organisationId: string;
  signal: AbortSignal;
  cursor: string | undefined;
}) => ({
  params: { id: options.organisationId },
  query: { limit: LINKS_PAGE_SIZE, cursor: options.cursor },
  signal: options.signal,
  organisationId: options.organisationId,
  handledErrorCodes: SECTION_LOAD_REFUSALS,
});

/** The list query, and the hook a section uses: the pages, the three changes, and the rows changing. */
function recordLinks<P extends Page>(calls: Calls<P>) {
  function query(organisationId: string | null, provider: ServedAccountingProvider, tenantId: string | null) {
    const endpoints = ACCOUNTING_LINK_ENDPOINTS[provider];
    return infiniteQueryOptions({
      queryKey: accountingKeys.links(organisationId, provider, tenantId, calls.kind),
      queryFn: organisationId
        ? ({ pageParam, signal }) => calls.list(endpoints, { organisationId, signal, cursor: pageParam })
        : skipToken,
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page: P) => page.next_cursor ?? undefined,
      // The server has already asked the books again before answering 503: "Try again" is at hand.
      retry: false,
    });
  }

  function useLinks(provider: ServedAccountingProvider, tenantId: string | null) {
    const endpoints = ACCOUNTING_LINK_ENDPOINTS[provider];
    const options = query(useOrganisationId(), provider, tenantId);
    const list = useInfiniteQuery(options);
    useLoadRefusal(provider, list.error);
    const listKey = options.queryKey;
    const change = useLinksChange({
      provider,
      listKey,
      call: (organisationId, input: RecordLinksChange) => calls.change(endpoints, organisationId, input),
    });
    const rows = useRowLinks({
      provider,
      listKey,
      link: (organisationId, input: RecordLinkInput) => calls.link(endpoints, organisationId, input),
      unlink: (organisationId, id) => calls.unlink(endpoints, organisationId, id),
    });
    return { list, change, ...rows };
  }

  return { query, useLinks };
}

export type RecordLinks<P extends Page> = ReturnType<ReturnType<typeof recordLinks<P>>['useLinks']>;

/** `{ [key]: value }`, typed by its key. */
const field = <K extends string, V>(key: K, value: V) => ({ [key]: value }) as Record<K, V>;

/**
 * The inputs of one kind's changes: `idParam` names the record in a row's path (cid, pid),
 * `idsField` the records CREATE makes (customer_ids, product_ids).
 */
function changeInputs<K extends string, F extends string>(idParam: K, idsField: F) {
  const rowParams = (organisationId: string, id: string) => ({ id: organisationId, ...field(idParam, id) });
  return {
    change: (organisationId: string, input: RecordLinksChange) => ({
      params: { id: organisationId },
      body: input.action === 'CREATE' ? { action: 'CREATE' as const, ...field(idsField, input.ids) } : input,
      organisationId,
    }),
    link: (organisationId: string, input: RecordLinkInput) => ({
      params: rowParams(organisationId, input.id),
      body: { external_id: input.externalId },
      organisationId,
    }),
    unlink: (organisationId: string, id: string) => ({
      params: rowParams(organisationId, id),
      organisationId,
    }),
  };
}

const customerInputs = changeInputs('cid', 'customer_ids');

export const customerLinks = recordLinks<CustomerLinks>({
  kind: 'customers',
  list: (endpoints, options) => request(endpoints.listCustomers, listOptions(options)),
  change: (endpoints, organisationId, input) =>
    request(endpoints.changeCustomers, customerInputs.change(organisationId, input)),
  link: (endpoints, organisationId, input) =>
    request(endpoints.linkCustomer, customerInputs.link(organisationId, input)),
  unlink: (endpoints, organisationId, id) =>
    request(endpoints.unlinkCustomer, customerInputs.unlink(organisationId, id)),
});

const productInputs = changeInputs('pid', 'product_ids');

export const productLinks = recordLinks<ProductLinks>({
  kind: 'products',
  list: (endpoints, options) => request(endpoints.listProducts, listOptions(options)),
  change: (endpoints, organisationId, input) =>
    request(endpoints.changeProducts, productInputs.change(organisationId, input)),
  link: (endpoints, organisationId, input) =>
    request(endpoints.linkProduct, productInputs.link(organisationId, input)),
  unlink: (endpoints, organisationId, id) =>
    request(endpoints.unlinkProduct, productInputs.unlink(organisationId, id)),
});
