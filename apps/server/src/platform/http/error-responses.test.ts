import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  // Some failures happen in Node's HTTP parser, before Fastify or inject see anything: listen for real.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

/** What a request that reached Fastify gets: its id too, as in its log lines. */
const errorBody = (code: string) => ({
  error_code: code,
  message: expect.any(String),
  request_id: expect.any(String),
});
/** What Node's HTTP parser refuses before there is a request (or an id) gets. */
const parserErrorBody = (code: string) => ({ error_code: code, message: expect.any(String) });

/** Writes `request` as-is on a fresh socket and reads the whole answer. */
function rawHttp(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', (error) => (received ? undefined : reject(error)));
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.write(request);
  });
}

describe('errors raised before a route runs', () => {
  it('answers oversized headers with 431 and the error body', async () => {
    const response = await rawHttp(
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(response.body)).toEqual(parserErrorBody('HEADERS_TOO_LARGE'));
  });

  it('answers an overlong URL with the error body', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/products/${'a'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual(parserErrorBody('HEADERS_TOO_LARGE'));
  });

  it('answers a request Node cannot parse with 400 and the error body', async () => {
    const response = await rawHttp('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual(parserErrorBody('BAD_REQUEST'));
  });

  it('answers a route parameter longer than the router allows with 414 and the error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/organisations/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual(errorBody('URI_TOO_LONG'));
  });

  it('answers a URL that is not valid percent-encoding with 400 and the error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/organisations/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody('BAD_REQUEST'));
  });

  it('answers an unsupported media type with 415', async () => {
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        headers: { 'content-type': type },
        payload: 'email=a',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual(errorBody('UNSUPPORTED_MEDIA_TYPE'));
    }
  });

  it('answers malformed JSON and an empty JSON body with 400 INVALID_JSON', async () => {
    for (const payload of ['{"email":', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorBody('INVALID_JSON'));
    }
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(errorBody('PAYLOAD_TOO_LARGE'));
  });

  it('answers a wrong method or unknown path with 404 and the error body', async () => {
    for (const [method, url] of [
      ['DELETE', '/api/v1/auth/sign-in'],
      ['GET', '/api/v1/no-such-thing'],
      ['POST', '/no-such-page'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual(errorBody('NOT_FOUND'));
    }
  });

  it('answers a bad Content-Length over real HTTP with the error body', async () => {
    const response = await rawHttp(
      'POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual(parserErrorBody('BAD_REQUEST'));
  });
});
