import { describe, expect, it } from 'vitest';
import { assertAcceptablePassword, passwordProblem } from './password-policy.ts';

describe('passwordProblem', () => {
  it('refuses short, common, repetitive and email-based passwords', () => {
    expect(passwordProblem('short1')).toMatch(/at least 8/);
    expect(passwordProblem('Password123')).toMatch(/too common/);
    expect(passwordProblem('aaaaaaaaab')).toMatch(/too easy/);
    expect(passwordProblem('mia.chen-2026!', { email: 'mia.chen@example.test' })).toMatch(/email/);
  });

  it('accepts a reasonable passphrase', () => {
    expect(passwordProblem('flat white at nine')).toBeUndefined();
  });

  it('throws a field error', () => {
    expect(() => assertAcceptablePassword({ password: '12345678', field: 'body.password' })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.password', message: expect.any(String) }],
      }),
    );
  });
});
