import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'INVALID_CREDENTIALS',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'CONFLICT',
  'CART_NOT_PLACEABLE',
  'STATUS_TRANSITION_NOT_ALLOWED',
  'ORDER_NOT_EDITABLE',
  'CARD_PAYMENTS_NOT_SET_UP',
  // Billing (the merchant's Tradeport subscription) asked for on a server without Stripe keys.
  'BILLING_NOT_SET_UP',
  // An accounting integration (Xero, QuickBooks, MYOB) asked for on a server without its keys.
  'ACCOUNTING_NOT_SET_UP',
  'PAYMENT_LINK_EXPIRED',
  'WEBHOOK_SIGNATURE_INVALID',
  // A request that is well-formed but breaks a rule only the data can tell (a payment's
  // allocations that do not add up): 422, with field errors in `details`.
  'VALIDATION_FAILED',
  // A payments write while the merchant has payments switched off (organisation settings).
  'PAYMENTS_NOT_ENABLED',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssue>;

/** Every failure, from every endpoint, has this body. */
export const ErrorBody = z.object({
  error_code: z.string(),
  message: z.string(),
  details: z.array(FieldIssue).optional(),
  /** The request's id, as in the server's log lines and the X-Request-Id header: quote it to support. */
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
