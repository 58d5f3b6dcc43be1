import { SESSION_EXPIRY_MARGIN_MS } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { isSessionValid, sessionStore } from './session.ts';

const now = Date.parse('2026-03-01T10:00:00.000Z');
const expiringIn = (ms: number) => ({ accessToken: 't', expiresAt: new Date(now + ms).toISOString() });

describe('isSessionValid', () => {
  it('is false without a session', () => {
    expect(isSessionValid(null, now)).toBe(false);
  });

  it('is false when the token expires exactly 60 s ahead', () => {
    expect(SESSION_EXPIRY_MARGIN_MS).toBe(60_000);
    expect(isSessionValid(expiringIn(60_000), now)).toBe(false);
  });

  it('is true one millisecond past the 60 s margin', () => {
    expect(isSessionValid(expiringIn(60_001), now)).toBe(true);
  });

  it('is false for an expired token and for an unreadable expiry', () => {
    expect(isSessionValid(expiringIn(-1_000), now)).toBe(false);
    expect(isSessionValid({ accessToken: 't', expiresAt: 'soon' }, now)).toBe(false);
  });
});

describe('sessionStore', () => {
  it('keeps the session in localStorage', () => {
    sessionStore.set(expiringIn(900_000));
    expect(JSON.parse(localStorage.getItem('tradeport.session') ?? 'null')).toEqual(expiringIn(900_000));
    expect(sessionStore.get()).toEqual(expiringIn(900_000));
    sessionStore.clear();
    expect(sessionStore.get()).toBeNull();
  });

  it('ignores a malformed stored value', () => {
    localStorage.setItem('tradeport.session', '{"accessToken":1}');
    expect(sessionStore.get()).toBeNull();
  });
});
