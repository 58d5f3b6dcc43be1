import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken, TokenDecryptError } from './token-crypto.ts';

const key = randomBytes(32);

describe('token encryption', () => {
  it('round-trips, with a fresh IV each time, and never stores the token as written', () => {
    const first = encryptToken(key, 'refresh-token-abc', 'merchant-1:xero');
    const second = encryptToken(key, 'refresh-token-abc', 'merchant-1:xero');
    expect(first).not.toBe(second);
    expect(first).not.toContain('refresh-token-abc');
    expect(decryptToken(key, first, 'merchant-1:xero')).toBe('refresh-token-abc');
  });

  it('refuses another key, another merchant’s row, and an altered value', () => {
    const stored = encryptToken(key, 'refresh-token-abc', 'merchant-1:xero');
    expect(() => decryptToken(randomBytes(32), stored, 'merchant-1:xero')).toThrow(TokenDecryptError);
    expect(() => decryptToken(key, stored, 'merchant-2:xero')).toThrow(TokenDecryptError);
    const parts = stored.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[3] = flipped.toString('base64url');
    expect(() => decryptToken(key, parts.join('.'), 'merchant-1:xero')).toThrow(TokenDecryptError);
    expect(() => decryptToken(key, 'not a token', 'merchant-1:xero')).toThrow(TokenDecryptError);
  });
});
