import {
  API_PREFIX,
  buildPath,
  type Endpoint,
  type EndpointResponse,
  ErrorBody,
  ORGANISATION_HEADER,
  PAGE_PATH_HEADER,
} from '@tradeport/contract';
import { ApiError } from './api-error.ts';

export type SendOptions = {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
  accessToken?: string | null;
  organisationId?: string | null;
  /** Headers one call needs beyond the common ones (an Idempotency-Key); they cannot replace those. */
  headers?: Readonly<Record<string, string>>;
};

function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    // A list is the contract's comma-separated text (`status=PROCESSING,ON_HOLD`) parsed into an
    // array: sent back as that text, since repeated keys reach the server as an array its schema refuses.
    const item = Array.isArray(value) ? value.join(',') : value;
    if (item !== undefined && item !== null) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of an endpoint, its inputs checked and normalised by the contract's schemas first. */
function endpointUrl(endpoint: Endpoint, options: Pick<SendOptions, 'params' | 'query'>): string {
  const params = endpoint.params ? endpoint.params.parse(options.params) : undefined;
  const query = endpoint.query ? endpoint.query.parse(options.query ?? {}) : undefined;
  return `${API_PREFIX}${buildPath(endpoint.path, params as Record<string, string | number> | undefined)}${toQueryString(query)}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The one place that says what every call carries: the session, the organisation, the page and cookies. */
function requestInit(endpoint: Endpoint, options: SendOptions): RequestInit {
  // A file download (a CSV export) asks for its own type; everything else speaks JSON.
  const headers = new Headers(options.headers);
  headers.set('Accept', endpoint.produces ?? 'application/json');
  if (options.accessToken) headers.set('Authorization', `Bearer ${options.accessToken}`);
  if (options.organisationId) headers.set(ORGANISATION_HEADER, options.organisationId);
  headers.set(PAGE_PATH_HEADER, window.location.pathname);

  let body: string | undefined;
  if (endpoint.body) {
    body = JSON.stringify(endpoint.body.parse(options.body));
    headers.set('Content-Type', 'application/json');
  }
  return { method: endpoint.method, headers, body, credentials: 'include', signal: options.signal };
}

async function readSuccess(endpoint: Endpoint, response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (!endpoint.produces) return readJson(response);
  // Text files (CSV) as text; anything else (a PDF) as its bytes, which text decoding would corrupt.
  return endpoint.produces.startsWith('text/') ? response.text() : response.blob();
}

/**
 * One HTTP call through the contract, without side effects: resolves with the parsed response (the
 * text itself for an endpoint that `produces` a text file, a Blob for a PDF) or rejects with an ApiError. Session handling
 * and toasts live in api-client.ts.
 */
export async function send<E extends Endpoint>(
  endpoint: E,
  options: SendOptions,
): Promise<EndpointResponse<E>> {
  let response: Response;
  try {
    response = await fetch(endpointUrl(endpoint, options), requestInit(endpoint, options));
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, body: null, code: 'NETWORK_ERROR' });
  }

  if (!response.ok) {
    const parsed = ErrorBody.safeParse(await readJson(response));
    throw new ApiError({ status: response.status, body: parsed.success ? parsed.data : null });
  }

  const parsed = endpoint.response.safeParse(await readSuccess(endpoint, response));
  if (!parsed.success) throw new ApiError({ status: response.status, body: null, code: 'INVALID_RESPONSE' });
  return parsed.data as EndpointResponse<E>;
}
