import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#testing/render-routes.tsx';
import { sessionStore } from './session.ts';
import { getAccessToken, useSessionKeepAlive } from './session-refresh.ts';

const fetchMock = vi.fn<typeof fetch>();
const refreshed = { access_token: 'new', expires_at: '2099-01-01T00:00:00.000Z' };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('getAccessToken', () => {
  it('uses a valid session as it is', async () => {
    sessionStore.set({ accessToken: 'current', expiresAt: '2099-01-01T00:00:00.000Z' });
    await expect(getAccessToken()).resolves.toBe('current');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes a session within the 60 s margin, with the cookie', async () => {
    sessionStore.set({ accessToken: 'old', expiresAt: new Date(Date.now() + 59_000).toISOString() });
    fetchMock.mockResolvedValue(jsonResponse(200, refreshed));

    await expect(getAccessToken()).resolves.toBe('new');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/refresh');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
  });

  it('forgets the session when the refresh is refused', async () => {
    sessionStore.set({ accessToken: 'old', expiresAt: '2000-01-01T00:00:00.000Z' });
    fetchMock.mockResolvedValue(jsonResponse(401, { error_code: 'UNAUTHORIZED', message: 'Signed out.' }));

    await expect(getAccessToken()).resolves.toBeNull();
    expect(sessionStore.get()).toBeNull();
  });

  it('keeps the session for a retry when the server cannot be reached', async () => {
    const expired = { accessToken: 'old', expiresAt: '2000-01-01T00:00:00.000Z' };
    sessionStore.set(expired);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(getAccessToken()).resolves.toBeNull();
    expect(sessionStore.get()).toEqual(expired);
  });
});

describe('useSessionKeepAlive', () => {
  it('refreshes a minute before the session would stop being valid', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T10:00:00.000Z') });
    // Valid until 10:04 (expiry minus the margin), so the refresh is due at 10:03.
    sessionStore.set({ accessToken: 'old', expiresAt: '2026-03-01T10:05:00.000Z' });
    fetchMock.mockResolvedValue(jsonResponse(200, refreshed));
    renderHook(() => useSessionKeepAlive());

    await vi.advanceTimersByTimeAsync(179_999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionStore.get()?.accessToken).toBe('new');
  });
});
