import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@tradeport/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isRefusedInput } from '../db/database-errors.ts';
import { AppError } from '../errors.ts';

const URI_TOO_LONG = {
  error_code: 'URI_TOO_LONG',
  message: 'The address is too long; no record is named that way.',
} as const;

/**
 * Errors the router raises before any route (or the error handler) runs: a URL that is not valid
 * percent-encoding, a path parameter longer than the router's maxParamLength. Without this
 * Fastify answers them with its own body shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, body: ErrorBody) => reply.status(status).send(withRequestId(request, body));
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return send(400, {
        error_code: 'BAD_REQUEST',
        message: 'The address is not valid: it has a broken %-escape.',
      });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return send(414, URI_TOO_LONG);
    default:
      reply.log.error({ err: error }, 'framework error');
      return send(500, {
        error_code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
      });
  }
}

/**
 * Every error body names its request (the id on the request's log lines and in X-Request-Id),
 * so whoever sees the error can quote it to support.
 */
export function withRequestId(request: FastifyRequest, body: ErrorBody): ErrorBody {
  return { ...body, request_id: request.id };
}

const CLIENT_ERRORS: Record<number, ErrorBody> = {
  400: { error_code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' },
  408: { error_code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' },
  431: { error_code: 'HEADERS_TOO_LARGE', message: 'The request headers or address are too large.' },
};

/**
 * Node's HTTP parser rejects some requests before Fastify sees them (headers or URL over
 * maxHeaderSize, a malformed request line or Content-Length, a request that arrives too slowly).
 * Fastify's default answer has its own body shape; this writes ours onto the socket instead.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  // The client is gone: nobody to answer.
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(CLIENT_ERRORS[status]);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Maps Fastify's own 4xx errors (parsing, content type, size) onto our codes. */
function fromFastifyError(error: FastifyError): ErrorBody & { status: number } {
  const status = error.statusCode ?? 500;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        error_code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the request body as application/json.',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, error_code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        error_code: 'INVALID_JSON',
        message: 'The request body is empty; send a JSON object.',
      };
  }
  if (status === 400 && (error.name === 'SyntaxError' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')) {
    return { status: 400, error_code: 'INVALID_JSON', message: 'The request body is not valid JSON.' };
  }
  if (status === 404) return { status, error_code: 'NOT_FOUND', message: 'Not found.' };
  if (status === 405) return { status, error_code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed.' };
  if (status === 414) return { status, ...URI_TOO_LONG };
  if (status === 429)
    return { status, error_code: 'RATE_LIMITED', message: 'Too many requests; try again shortly.' };
  return { status: 400, error_code: 'VALIDATION_ERROR', message: 'The request could not be understood.' };
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const send = (status: number, body: ErrorBody) => reply.status(status).send(withRequestId(request, body));

    if (error instanceof AppError) {
      return send(error.statusCode, {
        error_code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const details = error.validation.map((issue) => ({
        path: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      return send(400, {
        error_code: 'VALIDATION_ERROR',
        message: details.map((d) => `${d.path}: ${d.message}`).join('; '),
        details,
      });
    }
    if (isRefusedInput(error)) {
      return send(400, {
        error_code: 'VALIDATION_ERROR',
        message: 'Some of the text sent contains characters or values that cannot be stored.',
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(503, {
        error_code: 'SERVICE_UNAVAILABLE',
        message: 'The service is briefly unavailable; please try again in a moment.',
      });
    }
    if (
      !isResponseSerializationError(error) &&
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      const { status, ...body } = fromFastifyError(error);
      return send(status, body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, {
      error_code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
