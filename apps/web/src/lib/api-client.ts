import type { Endpoint, EndpointInput, EndpointResponse } from '@tradeport/contract';
import { ApiError } from './api-error.ts';
import { errorToastMessage } from './error-toast-message.ts';
import { send } from './http.ts';
import { redirectToSignIn } from './navigation.ts';
import { organisationIdStore } from './organisation.ts';
import { sessionStore } from './session.ts';
import { getAccessToken } from './session-refresh.ts';
import { showErrorToast } from './toasts.ts';

export type RequestOptions = {
  signal?: AbortSignal;
  /** Defaults to the stored organisation; query functions pass the one in their key. */
  organisationId?: string | null;
  /** Error codes the caller shows itself (inline form errors), so they get no toast. */
  handledErrorCodes?: readonly string[];
  /** Headers this call needs beyond the common ones, e.g. placing an order's Idempotency-Key. */
  headers?: Readonly<Record<string, string>>;
};

// Inputs the endpoint declares are required; the others cannot be passed.
type Field<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

export type RequestInput<E extends Endpoint> = Field<'params', EndpointInput<E>['params']> & {
  query?: EndpointInput<E>['query'];
} & Field<'body', EndpointInput<E>['body']> &
  RequestOptions;

type RequestArgs<E extends Endpoint> =
  object extends RequestInput<E> ? [input?: RequestInput<E>] : [input: RequestInput<E>];

function endSession(): void {
  sessionStore.clear();
  redirectToSignIn();
}

/** SPEC §8: what the person sees when a call fails. */
function reportFailure(endpoint: Endpoint, error: ApiError, handledErrorCodes: readonly string[]): void {
  // A 401 on a public endpoint (sign-in's wrong password) is about that call, not the session.
  if (error.status === 401 && endpoint.auth === 'user') endSession();
  if (handledErrorCodes.includes(error.code)) return;
  const message = errorToastMessage(error.body);
  if (message) showErrorToast(message);
}

/**
 * Calls an endpoint of the contract with the session's bearer token, the page path and the chosen
 * organisation, and parses the answer with the endpoint's response schema: JSON, or for an endpoint
 * that `produces` a file its text (a CSV export, for saveTextFile) or its bytes (a PDF, for saveFile).
 */
export async function request<E extends Endpoint>(
  endpoint: E,
  ...[input]: RequestArgs<E>
): Promise<EndpointResponse<E>> {
  const {
    handledErrorCodes = [],
    organisationId = organisationIdStore.get(),
    ...rest
  } = (input ?? {}) as RequestInput<E>;
  const accessToken =
    endpoint.auth === 'user' ? await getAccessToken() : (sessionStore.get()?.accessToken ?? null);
  if (endpoint.auth === 'user' && !accessToken) {
    endSession();
    throw new ApiError({
      status: 401,
      body: { error_code: 'UNAUTHORIZED', message: 'Your session has ended.' },
    });
  }
  try {
    return await send(endpoint, { ...rest, accessToken, organisationId });
  } catch (error) {
    if (error instanceof ApiError) reportFailure(endpoint, error, handledErrorCodes);
    throw error;
  }
}
