import { queryOptions } from '@tanstack/react-query';
import { getSupportContact } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { scopedKey } from '#lib/query-keys.ts';

export function supportContactQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: scopedKey(organisationId, 'support', 'contact'),
    queryFn: ({ signal }) => request(getSupportContact, { signal, organisationId }),
    staleTime: 60 * 60_000,
  });
}

/** "1300 000 000" → "tel:1300000000"; keeps a leading + for international numbers. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
