import { queryOptions } from '@tanstack/react-query';
import { changePassword, getAccount, updateAccount } from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { bodySchemaOf } from '#lib/forms/body-schema.ts';
import { scopedKey } from '#lib/query-keys.ts';

export const accountKeys = {
  profile: (organisationId: string | null) => scopedKey(organisationId, 'account', 'profile'),
};

export function accountQuery(organisationId: string | null) {
  return queryOptions({
    queryKey: accountKeys.profile(organisationId),
    queryFn: ({ signal }) => request(getAccount, { signal, organisationId }),
  });
}

export const ACCOUNT_FORM_ERROR_CODES = ['VALIDATION_ERROR'] as const;
export const ProfileBody = bodySchemaOf(updateAccount);

export function saveProfile(body: z.output<typeof ProfileBody>) {
  return request(updateAccount, { body, handledErrorCodes: ACCOUNT_FORM_ERROR_CODES });
}

// A wrong current password must come back as a field error; INVALID_CREDENTIALS is shown on the field too.
export const PASSWORD_FORM_ERROR_CODES = ['VALIDATION_ERROR', 'INVALID_CREDENTIALS'] as const;
export const ChangePasswordBody = bodySchemaOf(changePassword);

export function changeOwnPassword(body: z.output<typeof ChangePasswordBody>) {
  return request(changePassword, { body, handledErrorCodes: PASSWORD_FORM_ERROR_CODES });
}
