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
});
export type ErrorBody = z.infer<typeof ErrorBody>;
