import { notificationsStore } from '@mantine/notifications';
import {
  bulkOrderPdf,
  exportProducts,
  getCurrentUser,
  getEnvironment,
  getProductDependencies,
  signIn,
} from '@tradeport/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { harbour, longSession, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { request } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { setNavigator } from './navigation.ts';
import { organisationIdStore } from './organisation.ts';
import { sessionStore } from './session.ts';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();

const toasts = () => {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue].map((toast) => toast.message);
};
const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url, init, headers: new Headers(init?.headers) };
};

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  window.history.replaceState(null, '', '/orders?status=SHIPPED');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('sends the bearer token, page path and organisation with credentials, and parses the answer', async () => {
    sessionStore.set(longSession);
    organisationIdStore.set(harbour.id);
    fetchMock.mockResolvedValue(jsonResponse(200, merchantUser));

    await expect(request(getCurrentUser)).resolves.toEqual(merchantUser);
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/v1/users/current');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(headers.get('authorization')).toBe('Bearer stored-token');
    expect(headers.get('x-page-path')).toBe('/orders');
    expect(headers.get('x-organisation-id')).toBe(harbour.id);
  });

  it('adds the headers one call needs without letting them replace the common ones', async () => {
    sessionStore.set(longSession);
    organisationIdStore.set(harbour.id);
    fetchMock.mockResolvedValue(jsonResponse(200, merchantUser));

    await request(getCurrentUser, {
      headers: { 'Idempotency-Key': 'key-1234', Authorization: 'Bearer other' },
    });
    const { headers } = lastCall();
    expect(headers.get('idempotency-key')).toBe('key-1234');
    expect(headers.get('authorization')).toBe('Bearer stored-token');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('refreshes a session about to expire first, once for concurrent callers', async () => {
    sessionStore.set({ accessToken: 'old', expiresAt: new Date(Date.now() + 30_000).toISOString() });
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/v1/auth/refresh'
        ? jsonResponse(200, { access_token: 'new', expires_at: '2099-01-01T00:00:00.000Z' })
        : jsonResponse(200, merchantUser),
    );

    await Promise.all([request(getCurrentUser), request(getCurrentUser)]);
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.filter((url) => url === '/api/v1/auth/refresh')).toHaveLength(1);
    expect(urls.filter((url) => url === '/api/v1/users/current')).toHaveLength(2);
    expect(lastCall().headers.get('authorization')).toBe('Bearer new');
    expect(sessionStore.get()?.accessToken).toBe('new');
  });

  it('on 401 clears the session and goes to sign-in with the returnUrl, without a toast', async () => {
    sessionStore.set(longSession);
    fetchMock.mockResolvedValue(jsonResponse(401, { error_code: 'UNAUTHORIZED', message: 'Sign in again.' }));

    await expect(request(getCurrentUser)).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in?returnUrl=%2Forders%3Fstatus%3DSHIPPED');
    expect(toasts()).toEqual([]);
  });

  it('goes to sign-in without calling the endpoint when no session can be refreshed', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { error_code: 'UNAUTHORIZED', message: 'No session.' }));

    await expect(request(getCurrentUser)).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/v1/auth/refresh']);
    expect(navigate).toHaveBeenCalledWith('/sign-in?returnUrl=%2Forders%3Fstatus%3DSHIPPED');
  });

  it('leaves a 401 from sign-in to the form', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { error_code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' }),
    );

    const body = { email: 'mia@example.com', password: 'nope' };
    await expect(request(signIn, { body, handledErrorCodes: ['INVALID_CREDENTIALS'] })).rejects.toMatchObject(
      {
        code: 'INVALID_CREDENTIALS',
      },
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('toasts other error codes as "CODE WORDS - message"', async () => {
    sessionStore.set(longSession);
    fetchMock.mockResolvedValue(jsonResponse(404, { error_code: 'NOT_FOUND', message: 'Order not found' }));

    await expect(request(getCurrentUser)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(toasts()).toEqual(['NOT FOUND - Order not found']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not toast FORBIDDEN', async () => {
    sessionStore.set(longSession);
    fetchMock.mockResolvedValue(jsonResponse(403, { error_code: 'FORBIDDEN', message: 'Admins only' }));

    await expect(request(getCurrentUser)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(toasts()).toEqual([]);
  });

  it('toasts the fixed message when the error body cannot be read', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(request(getEnvironment)).rejects.toMatchObject({ status: 502, body: null });
    expect(toasts()).toEqual(['A error has occurred while trying to communicate with the server.']);
  });

  it('toasts the fixed message when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(request(getEnvironment)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(toasts()).toEqual(['A error has occurred while trying to communicate with the server.']);
  });

  it('refuses a success answer that does not match the contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { environment: 'MARS' }));

    await expect(request(getEnvironment)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(toasts()).toEqual(['A error has occurred while trying to communicate with the server.']);
  });
});

describe('request of a file download', () => {
  const input = { params: { id: harbour.id }, query: { status: 'all' as const }, organisationId: harbour.id };

  it('sends the same headers, asks for the file type and resolves with the text', async () => {
    sessionStore.set(longSession);
    fetchMock.mockResolvedValue(new Response('sku,name\n', { status: 200 }));

    await expect(request(exportProducts, input)).resolves.toBe('sku,name\n');
    const { url, init, headers } = lastCall();
    expect(url).toBe(`/api/v1/products/organisation/${harbour.id}/bulk?status=all`);
    expect(init?.credentials).toBe('include');
    expect(headers.get('authorization')).toBe('Bearer stored-token');
    expect(headers.get('x-organisation-id')).toBe(harbour.id);
    expect(headers.get('x-page-path')).toBe('/orders');
    expect(headers.get('accept')).toBe('text/csv');
  });

  it('resolves a PDF with its bytes as a Blob, not as text', async () => {
    sessionStore.set(longSession);
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00, 0xe2]);
    fetchMock.mockResolvedValue(
      new Response(bytes, { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );

    const pdf = await request(bulkOrderPdf, {
      params: { id: harbour.id, type: 'invoice' },
      body: { order_ids: [harbour.id] },
      organisationId: harbour.id,
    });
    expect(pdf).toBeInstanceOf(Blob);
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(bytes);
    expect(lastCall().headers.get('accept')).toBe('application/pdf');
  });

  it('toasts a refusal as SPEC §8 says and rejects with it', async () => {
    sessionStore.set(longSession);
    fetchMock.mockResolvedValue(jsonResponse(429, { error_code: 'RATE_LIMITED', message: 'Slow down.' }));

    await expect(request(exportProducts, input)).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toContain('RATE LIMITED - Slow down.');
  });

  it('ends the session on a 401, without a toast', async () => {
    sessionStore.set(longSession);
    fetchMock.mockResolvedValue(jsonResponse(401, { error_code: 'UNAUTHORIZED', message: 'Expired.' }));

    await expect(request(exportProducts, input)).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringContaining('/sign-in'));
    expect(toasts()).toEqual([]);
  });
});

describe('request with a comma-separated list in the query', () => {
  const ids = ['00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000012'];

  it('sends the list as one comma-separated value, as the server’s schema reads it', async () => {
    sessionStore.set(longSession);
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [] }));

    await request(getProductDependencies, {
      params: { id: harbour.id },
      query: { product_ids: ids.join(',') },
      organisationId: harbour.id,
    });
    const query = new URL(String(lastCall().url), 'http://localhost').searchParams;
    // Repeated keys reach the server as an array, which the schema's string refuses (400).
    expect(query.getAll('product_ids')).toEqual([ids.join(',')]);
  });
});
