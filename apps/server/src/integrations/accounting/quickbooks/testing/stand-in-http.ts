import { jsonObjectOf, jsonSender, StandInError } from '../../testing/stand-in-wire.ts';

export type { Exchange } from '../../testing/stand-in-wire.ts';

// QuickBooks' wire format as the stand-in speaks it. Three families of answers, as Intuit has
// them: the OAuth server's errors (`{error: 'invalid_grant'}`), the API gateway's lower-case
// `fault` (401 AuthenticationFailed, 403, 429 ThrottleExceeded) and the Accounting API's own
// `Fault` (`{Fault: {Error: [{Message, Detail, code, element}], type: 'ValidationFault'}, time}`).

export const sendJson = jsonSender('application/json;charset=UTF-8');

/** Any answer other than success: thrown by the handlers, written by the server's catch. */
export class QuickBooksError extends StandInError {
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super('QuickBooks', status, body, headers);
  }
}

export const time = () => new Date().toISOString();

/** The Accounting API's Fault (400 ValidationFault unless told). */
export const fault = (
  code: string,
  message: string,
  detail: string,
  options: { status?: number; type?: string; element?: string } = {},
) =>
  new QuickBooksError(options.status ?? 400, {
    Fault: {
      Error: [
        { Message: message, Detail: detail, code, ...(options.element ? { element: options.element } : {}) },
      ],
      type: options.type ?? 'ValidationFault',
    },
    time: time(),
  });

/** The gateway's fault, lower case as Intuit's gateway writes it. */
export const gatewayFault = (
  status: number,
  code: string,
  message: string,
  detail: string,
  headers: Record<string, string> = {},
) =>
  new QuickBooksError(
    status,
    {
      warnings: null,
      intuitObject: null,
      fault: {
        error: [
          {
            message: `message=${message}; errorCode=${code.padStart(6, '0')}; statusCode=${status}`,
            detail,
            code,
          },
        ],
        type: status === 401 ? 'AUTHENTICATION' : status === 403 ? 'AUTHORIZATION' : 'SERVICE',
      },
      report: null,
      queryResponse: null,
      batchItemResponse: [],
      attachableResponse: [],
      syncErrorResponse: null,
      requestId: null,
      time: Date.now(),
      status: null,
      cdcresponse: [],
    },
    headers,
  );

export const unauthorized = (detail: string) => gatewayFault(401, '3200', 'AuthenticationFailed', detail);

export const objectNotFound = (entity: string, id: string) =>
  fault(
    '610',
    'Object Not Found',
    `Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees. (${entity} ${id})`,
  );

export const notFound = () =>
  new QuickBooksError(404, { Fault: { Error: [{ Message: 'Not Found', code: '404' }], type: 'SERVICE' } });

/** The OAuth server's refusals: 400 for grants, 401 for the client's own credentials. */
export const oauthError = (error: string, status = 400) => new QuickBooksError(status, { error });

export function parseJson(body: string): Record<string, unknown> {
  const value = jsonObjectOf(body);
  if (value) return value;
  throw fault('2500', 'Invalid Request', 'Request has invalid or unsupported property', {
    type: 'ValidationFault',
  });
}
