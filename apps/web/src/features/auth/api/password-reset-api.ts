import { requestPasswordReset, verifyPasswordReset } from '@tradeport/contract';
import type { z } from 'zod';
import { request } from '#lib/api-client.ts';
import { bodySchemaOf } from '#lib/forms/body-schema.ts';
import { sessionStore } from '#lib/session.ts';

/** Refusals the reset forms show on their fields; RATE_LIMITED and the rest toast (SPEC §8). */
export const RESET_FORM_ERROR_CODES = ['VALIDATION_ERROR'] as const;

export const ResetRequestBody = bodySchemaOf(requestPasswordReset);
export const ResetVerifyBody = bodySchemaOf(verifyPasswordReset);

export async function sendResetCode(body: z.output<typeof ResetRequestBody>): Promise<void> {
  await request(requestPasswordReset, { body, handledErrorCodes: RESET_FORM_ERROR_CODES });
}

export async function setNewPassword(body: z.output<typeof ResetVerifyBody>): Promise<void> {
  await request(verifyPasswordReset, { body, handledErrorCodes: RESET_FORM_ERROR_CODES });
  // The reset signs out every session of that person, this browser's included.
  sessionStore.clear();
}
