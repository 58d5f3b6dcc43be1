import { z } from 'zod';
import { AccessToken, Email } from './auth.ts';
import { defineEndpoint } from './endpoint.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** Shape only; the server also refuses common passwords (it holds the list). */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

export const PersonName = z.string().trim().min(1, 'Enter your name').max(120);

export const getBotChallenge = defineEndpoint({
  method: 'GET',
  path: '/altcha/challenge',
  summary: 'A proof-of-work challenge for the sign-up bot check (ALTCHA, self-hosted)',
  tags: ['account'],
  auth: 'public',
  // The widget consumes the challenge as-is; its fields are the ALTCHA library's.
  response: z.record(z.string(), z.unknown()),
});

export const SignUpBody = z.object({
  name: PersonName,
  email: Email,
  password: NewPassword,
  /** The ALTCHA widget's base64 payload proving the challenge was solved. */
  altcha: z.string().min(1, 'Complete the bot check').max(10_000),
  /** From an emailed invitation link: signs up and joins that organisation. */
  invitation_token: z.string().min(16).max(200).optional(),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

export const signUp = defineEndpoint({
  method: 'POST',
  path: '/users',
  summary: 'Create an account (after the bot check) and sign in',
  description:
    'Field errors: body.email (already registered), body.password (too short or too common), ' +
    'body.altcha (missing, wrong, expired or already used). Sets the refresh cookie like sign-in.',
  tags: ['account'],
  auth: 'public',
  body: SignUpBody,
  response: AccessToken,
  status: 201,
});

export const UpdateCurrentUserBody = z.object({
  name: PersonName,
  /** A stored upload's URL from the image upload flow, or null to remove. */
  image: z.string().max(2_000).nullable(),
});

export const AccountProfile = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  /** False from sign-up until the emailed code comes back; invitations to the email wait for it. */
  email_verified: z.boolean(),
});
export type AccountProfile = z.infer<typeof AccountProfile>;

export const getAccount = defineEndpoint({
  method: 'GET',
  path: '/users/current/account',
  summary: "The signed-in person's own profile (name, email, image)",
  tags: ['account'],
  auth: 'user',
  response: AccountProfile,
});

export const updateAccount = defineEndpoint({
  method: 'PUT',
  path: '/users/current',
  summary: "Change the signed-in person's name and image",
  tags: ['account'],
  auth: 'user',
  body: UpdateCurrentUserBody,
  response: AccountProfile,
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/users/current/reset-password',
  summary: 'Change the password of the signed-in person; signs out their other sessions',
  tags: ['account'],
  auth: 'user',
  body: z.object({ current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH), new_password: NewPassword }),
  response: z.object({ changed: z.literal(true) }),
});

export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset',
  summary: 'Email a single-use reset code and link, valid for an hour',
  description:
    'Always answers 202 with the same body whether or not the email has an account. Rate-limited ' +
    'per email and per client address (429 RATE_LIMITED).',
  tags: ['auth'],
  auth: 'public',
  body: z.object({ email: Email }),
  response: z.object({ accepted: z.literal(true) }),
  status: 202,
});

export const verifyPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset/verify',
  summary: 'Set a new password with the emailed code; every session of that person is signed out',
  tags: ['auth'],
  auth: 'public',
  body: z.object({
    email: Email,
    code: z.string().trim().min(1, 'Enter the code from the email').max(200),
    new_password: NewPassword,
  }),
  response: z.object({ reset: z.literal(true) }),
});

export const EmailVerificationCode = z.string().trim().min(1, 'Enter the code from the email').max(200);

export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/users/current/verify-email',
  summary: 'Prove the signed-in person receives mail at their email with the code sent at sign-up',
  description:
    'Until then, invitations addressed to that email are not listed and cannot be accepted or ' +
    'declined (403 FORBIDDEN). Field error body.code when the code is wrong, used or expired; ' +
    'rate-limited per person (429 RATE_LIMITED). Verifying again answers the same.',
  tags: ['account'],
  auth: 'user',
  body: z.object({ code: EmailVerificationCode }),
  response: z.object({ verified: z.literal(true) }),
});

export const resendEmailVerification = defineEndpoint({
  method: 'POST',
  path: '/users/current/verify-email/resend',
  summary: 'Email a new verification code and link (valid for a day); earlier codes keep working until used',
  description: 'Rate-limited per person (429 RATE_LIMITED). Sends nothing when already verified.',
  tags: ['account'],
  auth: 'user',
  response: z.object({ accepted: z.literal(true) }),
  status: 202,
});

export const getSupportContact = defineEndpoint({
  method: 'GET',
  path: '/support',
  summary: 'Where people get help: the support email and phone from configuration',
  tags: ['account'],
  auth: 'public',
  response: z.object({ email: z.string(), phone: z.string() }),
});
