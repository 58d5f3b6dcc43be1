import { notificationsStore } from '@mantine/notifications';
import { exportProducts } from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { harbour, longSession } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { requestText } from './api-download.ts';
import { ApiError } from './api-error.ts';
import { setNavigator } from './navigation.ts';
import { sessionStore } from './session.ts';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();
const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);
const input = { params: { id: harbour.id }, query: { status: 'all' as const }, organisationId: harbour.id };

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  sessionStore.set(longSession);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requestText', () => {
  it('sends the session, organisation and filters, and resolves with the text', async () => {
    fetchMock.mockResolvedValue(new Response('sku,name\n', { status: 200 }));

    await expect(requestText(exportProducts, input)).resolves.toBe('sku,name\n');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/v1/products/organisation/${harbour.id}/bulk?status=all`);
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer stored-token');
    expect(headers.get('x-organisation-id')).toBe(harbour.id);
    expect(headers.get('accept')).toBe('text/csv');
    expect(init?.credentials).toBe('include');
  });

  it('toasts a refusal as SPEC §8 says and rejects with it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { error_code: 'RATE_LIMITED', message: 'Slow down.' }));

    await expect(requestText(exportProducts, input)).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toContain('RATE LIMITED - Slow down.');
  });

  it('ends the session on a 401', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { error_code: 'UNAUTHORIZED', message: 'Expired.' }));

    await expect(requestText(exportProducts, input)).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringContaining('/sign-in'));
    expect(toasts()).toEqual([]);
  });
});
