import { SignInBody } from '@tradeport/contract';
import { fieldErrorsFrom, type SignInFieldErrors } from './sign-in-errors.ts';

/** Checks the form with the contract's schema, giving the body to send or an error per field. */
export function validateSignIn(values: {
  email: string;
  password: string;
}): { body: SignInBody } | { errors: SignInFieldErrors } {
  const parsed = SignInBody.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const errors = fieldErrorsFrom(parsed.error.issues);
  // The schema's message fits a mistyped address; an empty field deserves plainer words.
  if (!values.email.trim()) errors.email = 'Enter your email address';
  return { errors };
}
