import { jsonObjectOf, jsonSender, StandInError } from '../../testing/stand-in-wire.ts';

export type { Exchange } from '../../testing/stand-in-wire.ts';

// MYOB's wire format as the stand-in speaks it. Two families of answers, as MYOB has them:
// secure.myob.com's OAuth errors (`{error: 'invalid_grant'}`) and the API's error list
// (`{Errors: [{Name, Message, AdditionalDetails, ErrorCode, Severity}], Information}`) for every
// refusal, 401 to 504.

export const sendJson = jsonSender('application/json; charset=utf-8');

/** Any answer other than success: thrown by the handlers, written by the server's catch. */
export class MyobError extends StandInError {
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super('MYOB', status, body, headers);
  }
}

/** The API's error list with one error. */
export const myobError = (
  status: number,
  name: string,
  message: string,
  options: { details?: string; code?: number | null; headers?: Record<string, string> } = {},
) =>
  new MyobError(
    status,
    {
      Errors: [
        {
          Name: name,
          Message: message,
          AdditionalDetails: options.details ?? null,
          ErrorCode: options.code ?? null,
          Severity: 'Error',
          LearnMore: null,
        },
      ],
      Information: `Warning, error messages have not been finalised in this release and may change`,
    },
    options.headers,
  );

export const unauthorized = () =>
  myobError(401, 'OAuthTokenIsInvalid', 'The supplied OAuth token (Bearer) is not valid', {
    details: 'Header: Authorization',
    code: 31001,
  });
export const notFound = () =>
  myobError(404, 'NotFound', 'The requested resource was not found', { code: 150 });
/** A POST or PUT MYOB's rules refuse (a missing field, an unknown UID, an overpayment…). */
export const invalid = (message: string, details?: string) =>
  myobError(400, 'ValidationError', message, { details, code: 100 });
export const oauthError = (error: string, status = 400) => new MyobError(status, { error });

export function parseJson(body: string): Record<string, unknown> {
  const value = jsonObjectOf(body);
  if (value) return value;
  throw myobError(400, 'SerializationError', 'The request body is not a JSON object', { code: 50 });
}
