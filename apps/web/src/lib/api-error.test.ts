import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';

describe('ApiError', () => {
  it('takes its code from the body, or from the transport problem', () => {
    const body = { error_code: 'NOT_FOUND', message: 'Order not found' };
    expect(new ApiError({ status: 404, body }).code).toBe('NOT_FOUND');
    expect(new ApiError({ status: 0, body: null, code: 'NETWORK_ERROR' }).code).toBe('NETWORK_ERROR');
    expect(new ApiError({ status: 502, body: null }).code).toBe('UNREADABLE_RESPONSE');
  });

  it('gives the request id of a failure on the server side, for support, and not of a refusal', () => {
    const requestId = '4b1f0c1e-9a7d-4f2e-8c33-0a8e6f1b2d90';
    const failed = new ApiError({
      status: 500,
      body: {
        error_code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side.',
        request_id: requestId,
      },
    });
    expect(failed.message).toBe(`Something went wrong on our side. (Reference: ${requestId})`);
    const refused = new ApiError({
      status: 409,
      body: { error_code: 'CONFLICT', message: 'Someone else changed it.', request_id: requestId },
    });
    expect(refused.message).toBe('Someone else changed it.');
  });
});
