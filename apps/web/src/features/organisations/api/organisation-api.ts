import { queryOptions } from '@tanstack/react-query';
import {
  createOrganisation,
  getOrganisation,
  type Organisation,
  updateOrganisation,
} from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { bodySchemaOf } from '#lib/forms/body-schema.ts';
import { scopedKey } from '#lib/query-keys.ts';

export const organisationKeys = {
  detail: (organisationId: string) => scopedKey(organisationId, 'organisations', 'detail'),
};

export function organisationQuery(organisationId: string) {
  return queryOptions({
    queryKey: organisationKeys.detail(organisationId),
    queryFn: ({ signal }) =>
      request(getOrganisation, { params: { id: organisationId }, signal, organisationId }),
  });
}

/** Shown on the form: field refusals, a taken slug (409 naming body.slug) and a stale version (409). */
export const ORGANISATION_FORM_ERROR_CODES = ['VALIDATION_ERROR', 'CONFLICT'] as const;

export const CreateOrganisationBody = bodySchemaOf(createOrganisation);
export const UpdateOrganisationBody = bodySchemaOf(updateOrganisation);

export function createMerchantOrganisation(
  body: z.output<typeof CreateOrganisationBody>,
): Promise<Organisation> {
  return request(createOrganisation, { body, handledErrorCodes: ORGANISATION_FORM_ERROR_CODES });
}

export function saveOrganisation(
  organisationId: string,
  body: z.output<typeof UpdateOrganisationBody>,
): Promise<Organisation> {
  return request(updateOrganisation, {
    params: { id: organisationId },
    body,
    organisationId,
    handledErrorCodes: ORGANISATION_FORM_ERROR_CODES,
  });
}
