import type { ErrorBody } from '@tradeport/contract';

/**
 * An error answer's body without its request id, which differs on every request: for tests that
 * check two answers say the same thing (another merchant's id and a missing one, say).
 */
export function errorBodyOf(response: { json(): unknown }): Omit<ErrorBody, 'request_id'> {
  const { request_id: _requestId, ...body } = response.json() as ErrorBody;
  return body;
}
