import type { ErrorCode, FieldIssue } from '@tradeport/contract';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  CONFLICT: 409,
  // A cart that breaks a rule (below a minimum, no delivery method): the details say which.
  CART_NOT_PLACEABLE: 422,
  STATUS_TRANSITION_NOT_ALLOWED: 409,
  ORDER_NOT_EDITABLE: 409,
  // The server has no Stripe keys, or the merchant has no Stripe account able to take charges.
  CARD_PAYMENTS_NOT_SET_UP: 409,
  BILLING_NOT_SET_UP: 409,
  ACCOUNTING_NOT_SET_UP: 409,
  // A payment link that existed but no longer works (expired or revoked): gone, not unknown.
  PAYMENT_LINK_EXPIRED: 410,
  WEBHOOK_SIGNATURE_INVALID: 400,
  VALIDATION_FAILED: 422,
  PAYMENTS_NOT_ENABLED: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

/** The one error type services throw; the error handler turns it into `{error_code, message}`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
export const forbidden = (message = 'You do not have access to this.') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Please sign in again.') => new AppError('UNAUTHORIZED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
