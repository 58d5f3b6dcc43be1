import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';

describe('ApiError', () => {
  it('takes its code from the body, or from the transport problem', () => {
    const body = { error_code: 'NOT_FOUND', message: 'Order not found' };
    expect(new ApiError({ status: 404, body }).code).toBe('NOT_FOUND');
    expect(new ApiError({ status: 0, body: null, code: 'NETWORK_ERROR' }).code).toBe('NETWORK_ERROR');
    expect(new ApiError({ status: 502, body: null }).code).toBe('UNREADABLE_RESPONSE');
  });
});
