import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens.ts';

const SECRET = 'unit-test-secret-that-is-long-enough-0123456789';

describe('access tokens', () => {
  it('round-trips the user id and expires after 15 minutes', async () => {
    let now = Date.parse('2026-11-21T00:00:00Z');
    const tokens = createAccessTokens(SECRET, () => now);
    const issued = await tokens.issue('user-1');
    expect(issued.expires_at).toBe('2026-11-21T00:15:00.000Z');
    expect(await tokens.verify(issued.access_token)).toBe('user-1');
    now += 15 * 60_000;
    // Verified (and remembered) above, yet refused once expired.
    expect(await tokens.verify(issued.access_token)).toBeUndefined();
  });

  it('refuses a token signed with another secret or tampered with', async () => {
    const tokens = createAccessTokens(SECRET);
    const other = createAccessTokens('a-different-secret-also-long-enough-0123456789');
    const foreign = await other.issue('user-1');
    expect(await tokens.verify(foreign.access_token)).toBeUndefined();

    const { access_token } = await tokens.issue('user-1');
    const [header, , signature] = access_token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'admin', iss: 'tradeport', exp: 9_999_999_999 }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBeUndefined();
    expect(await tokens.verify('garbage')).toBeUndefined();
  });

  it('refuses the none algorithm', async () => {
    const tokens = createAccessTokens(SECRET);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none' })}.${encode({ sub: 'user-1', iss: 'tradeport', exp: 9_999_999_999 })}.`;
    expect(await tokens.verify(unsigned)).toBeUndefined();
  });
});
