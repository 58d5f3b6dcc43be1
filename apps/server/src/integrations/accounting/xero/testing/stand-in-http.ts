import { STATUS_CODES } from 'node:http';
import { jsonSender, StandInError } from '../../testing/stand-in-wire.ts';

export type { Exchange } from '../../testing/stand-in-wire.ts';

// Xero's wire format as the stand-in speaks it. Three families of answers, as Xero has them:
// the identity server's OAuth errors (`{error: 'invalid_grant'}`), the API gateway's problem
// documents (`{Type, Title, Status, Detail}`: 401, 403, 404, 429, 503) and the Accounting API's
// own exceptions (`{ErrorNumber, Type, Message, Elements?}`: validation, bad JSON, bad `where`).

export const sendJson = jsonSender('application/json; charset=utf-8');

/** Any answer other than success: thrown by the handlers, written by the server's catch. */
export class XeroError extends StandInError {
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super('Xero', status, body, headers);
  }
}

/** The API gateway's problem document (what the SDKs read `Detail` from). */
export const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
  new XeroError(
    status,
    { Type: null, Title: STATUS_CODES[status] ?? 'Error', Status: status, Detail: detail, Extensions: {} },
    headers,
  );

export const unauthorized = (detail: string) =>
  new XeroError(
    401,
    { Type: null, Title: 'Unauthorized', Status: 401, Detail: detail, Extensions: {} },
    { 'www-authenticate': 'Bearer error="invalid_token"' },
  );

/** A tenant the token's grant does not reach (or no xero-tenant-id at all). */
export const forbidden = () =>
  new XeroError(403, {
    Type: null,
    Title: 'Forbidden',
    Status: 403,
    Detail: 'AuthenticationUnsuccessful',
    Extensions: {},
  });

export const notFound = () => problem(404, "The resource you're looking for cannot be found");

/** The identity server's refusals: 400 for grants, 401 for the client's own credentials. */
export const oauthError = (error: string, status = 400) => new XeroError(status, { error });

export type ElementErrors = { element: unknown; messages: string[] };

/**
 * Xero's validation failure: every element that failed, echoed back with its messages. With
 * `summarizeErrors` (the default) one bad element fails the whole batch, so nothing is saved.
 */
export const validationError = (failures: ElementErrors[]) =>
  new XeroError(400, {
    ErrorNumber: 10,
    Type: 'ValidationException',
    Message: 'A validation exception occurred',
    Elements: failures.map(({ element, messages }) => ({
      ...(typeof element === 'object' && element !== null ? element : {}),
      ValidationErrors: messages.map((Message) => ({ Message })),
    })),
  });

/** One element, one message: the common case (a payment on a paid invoice, a voided document…). */
export const invalid = (element: unknown, message: string) =>
  validationError([{ element, messages: [message] }]);

export const badJson = (message: string) =>
  new XeroError(400, { ErrorNumber: 14, Type: 'PostDataInvalidException', Message: message });

export const badQuery = (message: string) =>
  new XeroError(400, { ErrorNumber: 16, Type: 'QueryParseException', Message: message });

export function parseJson(body: string): unknown {
  if (body.trim() === '') throw badJson('The request body is empty: send JSON');
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    throw badJson(`Invalid Json data: ${(error as Error).message}`);
  }
}

/** `{Contacts: [...]}`, or one bare element, as Xero accepts both for a create. */
export function elementsOf(body: unknown, collection: string): Record<string, unknown>[] {
  const list =
    typeof body === 'object' && body !== null && collection in body
      ? (body as Record<string, unknown>)[collection]
      : [body];
  if (!Array.isArray(list) || list.some((element) => typeof element !== 'object' || element === null)) {
    throw badJson(`Expected {${collection}: [...]}`);
  }
  return list as Record<string, unknown>[];
}

/** Xero's JSON date, as its .NET serialiser writes it: "/Date(1714521600000+0000)/". */
export const xeroDate = (ms: number) => `/Date(${ms}+0000)/`;
