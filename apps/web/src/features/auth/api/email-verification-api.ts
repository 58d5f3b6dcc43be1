import { resendEmailVerification, verifyEmail } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { bodySchemaOf } from '#lib/forms/body-schema.ts';

/** A wrong or expired code comes back on the code field; anything else is toasted. */
export const VERIFY_EMAIL_FORM_ERROR_CODES = ['VALIDATION_ERROR'] as const;
export const VerifyEmailBody = bodySchemaOf(verifyEmail);

export async function confirmEmail(code: string): Promise<void> {
  await request(verifyEmail, { body: { code }, handledErrorCodes: VERIFY_EMAIL_FORM_ERROR_CODES });
}

export async function sendNewEmailCode(): Promise<void> {
  await request(resendEmailVerification, {});
}
