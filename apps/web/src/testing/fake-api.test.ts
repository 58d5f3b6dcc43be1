import { getCurrentUser, getCustomer, getProduct } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { answer, fakeFetch, route } from './fake-api.ts';
import { harbour, idOf } from './fixtures.ts';

describe('fakeFetch', () => {
  it('refuses a stub for a path the contract does not declare, so a moved endpoint cannot hide', () => {
    expect(() => fakeFetch({ 'GET /api/v1/product/abc': answer(200, {}) })).toThrow(
      'No contract endpoint answers "GET /api/v1/product/abc"',
    );
  });

  it('answers a route for exact params before one for any, giving the path parameters by name', async () => {
    const api = fakeFetch({
      [route(getCustomer)]: (request) => answer(200, { any: request.params.cid })(request),
      [route(getCustomer, { id: harbour.id, cid: idOf(1) })]: answer(200, { exact: true }),
    });

    const exact = await api.stub(`/api/v1/organisations/${harbour.id}/customers/${idOf(1)}`);
    const other = await api.stub(`/api/v1/organisations/${harbour.id}/customers/${idOf(2)}`);

    expect(await exact.json()).toEqual({ exact: true });
    expect(await other.json()).toEqual({ any: idOf(2) });
    expect(api.requestsTo(route(getCustomer))).toHaveLength(2);
    expect(api.requestsTo(route(getCustomer, { id: harbour.id, cid: idOf(2) }))).toHaveLength(1);
  });

  it('answers anything else with a 404 in the API error shape', async () => {
    const api = fakeFetch({ [route(getCurrentUser)]: answer(200, {}) });

    const response = await api.stub(`/api/v1/products/${idOf(3)}`);

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error_code: 'NOT_FOUND' });
    expect(api.requestsTo(route(getProduct, { id: idOf(3) }))).toHaveLength(1);
  });
});
