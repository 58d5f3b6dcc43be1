import { describe, expect, it } from 'vitest';
import { UNREADABLE_ERROR_MESSAGE } from './api-error.ts';
import { errorToastMessage } from './error-toast-message.ts';

describe('errorToastMessage', () => {
  it('turns underscores into spaces, then a dash, then the message', () => {
    expect(errorToastMessage({ error_code: 'NOT_FOUND', message: 'Order not found' })).toBe(
      'NOT FOUND - Order not found',
    );
    expect(errorToastMessage({ error_code: 'RATE_LIMITED', message: 'Slow down.', details: [] })).toBe(
      'RATE LIMITED - Slow down.',
    );
  });

  it('keeps a code without underscores as it is', () => {
    expect(errorToastMessage({ error_code: 'CONFLICT', message: 'Changed by someone else' })).toBe(
      'CONFLICT - Changed by someone else',
    );
  });

  it('shows no toast for UNAUTHORIZED or FORBIDDEN', () => {
    expect(errorToastMessage({ error_code: 'UNAUTHORIZED', message: 'Sign in' })).toBeNull();
    expect(errorToastMessage({ error_code: 'FORBIDDEN', message: 'Not allowed' })).toBeNull();
  });

  it('uses the fixed message, spelling included, when the body cannot be read', () => {
    expect(UNREADABLE_ERROR_MESSAGE).toBe(
      'A error has occurred while trying to communicate with the server.',
    );
    expect(errorToastMessage(null)).toBe(UNREADABLE_ERROR_MESSAGE);
    expect(errorToastMessage(undefined)).toBe(UNREADABLE_ERROR_MESSAGE);
    expect(errorToastMessage('<html>Bad gateway</html>')).toBe(UNREADABLE_ERROR_MESSAGE);
    expect(errorToastMessage({ message: 'no code' })).toBe(UNREADABLE_ERROR_MESSAGE);
  });
});
