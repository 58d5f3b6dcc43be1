import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tradeport/contract';
import { AppError } from '../errors.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, context: { email?: string } = {}): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const normalised = password.toLowerCase();
  if (COMMON_PASSWORDS.has(normalised)) return 'This password is too common; choose another.';
  if (new Set(normalised).size < 3) return 'This password is too easy to guess; choose another.';
  const localPart = context.email?.split('@')[0]?.toLowerCase();
  if (localPart && localPart.length >= 4 && normalised.includes(localPart)) {
    return 'Do not use your email address in your password.';
  }
  return undefined;
}

/** Throws a VALIDATION_ERROR on `field` when the password is refused. */
export function assertAcceptablePassword(options: { password: string; email?: string; field: string }): void {
  const problem = passwordProblem(options.password, { email: options.email });
  if (problem) throw new AppError('VALIDATION_ERROR', problem, [{ path: options.field, message: problem }]);
}
