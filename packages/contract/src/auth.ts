import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const SignInBody = z.object({
  email: Email,
  // Not trimmed: spaces can be part of a password. Bounded so hashing cannot be abused.
  password: z.string().min(1, 'Enter your password').max(256),
});
export type SignInBody = z.infer<typeof SignInBody>;

export const AccessToken = z.object({
  access_token: z.string(),
  /** ISO-8601 instant after which the access token is refused. */
  expires_at: z.iso.datetime(),
});
export type AccessToken = z.infer<typeof AccessToken>;

export const signIn = defineEndpoint({
  method: 'POST',
  path: '/auth/sign-in',
  summary: 'Exchange email and password for a 15-minute access token and a refresh cookie',
  description:
    'Sets an httpOnly refresh-token cookie scoped to /api/v1/auth. Wrong credentials answer 401 ' +
    'INVALID_CREDENTIALS with the same message whether or not the email exists.',
  tags: ['auth'],
  auth: 'public',
  body: SignInBody,
  response: AccessToken,
});

export const refreshSession = defineEndpoint({
  method: 'POST',
  path: '/auth/refresh',
  summary: 'Rotate the refresh cookie and issue a new access token',
  description:
    'Each refresh token works once. Presenting a used one revokes its whole family (every token ' +
    'descended from the same sign-in), since it means the cookie was copied.',
  tags: ['auth'],
  auth: 'public',
  response: AccessToken,
});

export const signOut = defineEndpoint({
  method: 'POST',
  path: '/auth/sign-out',
  summary: 'Revoke the refresh token family of this browser and clear the cookie',
  tags: ['auth'],
  auth: 'public',
  response: z.object({ signed_out: z.literal(true) }),
  status: 200,
});
