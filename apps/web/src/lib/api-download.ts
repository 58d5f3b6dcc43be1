import {
  API_PREFIX,
  buildPath,
  type Endpoint,
  type EndpointInput,
  ErrorBody,
  ORGANISATION_HEADER,
  PAGE_PATH_HEADER,
} from '@tradeport/contract';
import { ApiError } from './api-error.ts';
import { errorToastMessage } from './error-toast-message.ts';
import { redirectToSignIn } from './navigation.ts';
import { organisationIdStore } from './organisation.ts';
import { sessionStore } from './session.ts';
import { getAccessToken } from './session-refresh.ts';
import { showErrorToast } from './toasts.ts';

// `request` reads every answer as JSON; an endpoint that `produces` a file (CSV) is fetched here
// instead, with the same headers, session handling and SPEC §8 toasts.

export type TextRequestInput<E extends Endpoint> = {
  params: EndpointInput<E>['params'];
  query?: EndpointInput<E>['query'];
  signal?: AbortSignal;
  organisationId?: string | null;
};

function queryString(query: unknown): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function urlOf(endpoint: Endpoint, input: TextRequestInput<Endpoint>): string {
  const params = endpoint.params?.parse(input.params) as Record<string, string> | undefined;
  const query = endpoint.query?.parse(input.query ?? {});
  return `${API_PREFIX}${buildPath(endpoint.path, params)}${queryString(query)}`;
}

async function failureOf(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = ErrorBody.safeParse(body);
  const error = new ApiError({ status: response.status, body: parsed.success ? parsed.data : null });
  if (response.status === 401) {
    sessionStore.clear();
    redirectToSignIn();
  }
  const message = errorToastMessage(parsed.success ? parsed.data : null);
  if (message) showErrorToast(message);
  return error;
}

/** Calls a signed-in endpoint whose success body is text (a CSV export) and resolves with that text. */
export async function requestText<E extends Endpoint>(
  endpoint: E,
  input: TextRequestInput<E>,
): Promise<string> {
  const { organisationId = organisationIdStore.get() } = input;
  const accessToken = await getAccessToken();
  if (!accessToken) {
    sessionStore.clear();
    redirectToSignIn();
    throw new ApiError({
      status: 401,
      body: { error_code: 'UNAUTHORIZED', message: 'Your session has ended.' },
    });
  }
  const headers = new Headers({
    Accept: endpoint.produces ?? 'text/plain',
    Authorization: `Bearer ${accessToken}`,
  });
  if (organisationId) headers.set(ORGANISATION_HEADER, organisationId);
  headers.set(PAGE_PATH_HEADER, window.location.pathname);

  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, input as TextRequestInput<Endpoint>), {
      method: endpoint.method,
      headers,
      credentials: 'include',
      signal: input.signal,
    });
  } catch (cause) {
    if (input.signal?.aborted) throw cause;
    const error = new ApiError({ status: 0, body: null, code: 'NETWORK_ERROR' });
    showErrorToast(error.message);
    throw error;
  }
  if (!response.ok) throw await failureOf(response);
  return response.text();
}
