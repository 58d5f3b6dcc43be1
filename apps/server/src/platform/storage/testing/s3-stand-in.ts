import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export type StandInObject = { body: Buffer; contentType: string | undefined };

export type S3StandIn = {
  /** `http://127.0.0.1:<port>`; use with path-style addressing. */
  endpoint: string;
  /** Stored objects by `<bucket>/<key>`, for tests to look into or seed. */
  objects: Map<string, StandInObject>;
  close(): Promise<void>;
};

/**
 * A tiny in-memory S3 for tests: path-style PUT, GET (with a byte Range), HEAD and DELETE of
 * objects. Presigned PUTs are checked the way S3 checks them (SigV4 over the signed headers,
 * expiry, a CRC32 in the URL), so a URL that would fail against S3 fails here too; requests with
 * an Authorization header (the SDK's own calls) are trusted if they name the right access key.
 */
export async function startS3StandIn(credentials: {
  accessKeyId: string;
  secretAccessKey: string;
}): Promise<S3StandIn> {
  const objects = new Map<string, StandInObject>();
  const server = createServer((request, response) => {
    handle({ request, response, objects, credentials }).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, 'InternalError', String(error));
      else response.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

async function handle(options: {
  request: IncomingMessage;
  response: ServerResponse;
  objects: Map<string, StandInObject>;
  credentials: { accessKeyId: string; secretAccessKey: string };
}): Promise<void> {
  const { request, response, objects, credentials } = options;
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const rawPath = (request.url ?? '/').split('?', 1)[0] ?? '/';
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name.includes('/'))
    return sendError(response, 400, 'InvalidRequest', 'Bucket listing is not supported');

  const denial = url.searchParams.has('X-Amz-Signature')
    ? checkPresigned({ request, url, rawPath, credentials })
    : checkAuthorization(request, credentials);
  if (denial) return sendError(response, 403, denial.code, denial.message);

  const stored = objects.get(name);
  switch (request.method) {
    case 'PUT': {
      const body = await readBody(request);
      const expectedCrc =
        url.searchParams.get('x-amz-checksum-crc32') ?? request.headers['x-amz-checksum-crc32'];
      if (typeof expectedCrc === 'string' && expectedCrc !== crc32Base64(body)) {
        return sendError(
          response,
          400,
          'BadDigest',
          'The CRC32 you specified did not match the calculated checksum.',
        );
      }
      objects.set(name, { body, contentType: request.headers['content-type'] });
      response.writeHead(200, { ETag: etagOf(body) }).end();
      return;
    }
    case 'HEAD':
    case 'GET': {
      if (!stored) {
        if (request.method === 'HEAD') return void response.writeHead(404).end();
        return sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
      }
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      const total = stored.body.length;
      const start = range ? Number(range[1]) : 0;
      const end = range?.[2] ? Math.min(Number(range[2]), total - 1) : total - 1;
      if (range && start >= total) return sendError(response, 416, 'InvalidRange', 'Range not satisfiable');
      const headers: Record<string, string | number> = {
        'Content-Length': end - start + 1,
        'Accept-Ranges': 'bytes',
        ETag: etagOf(stored.body),
        'Last-Modified': new Date(0).toUTCString(),
      };
      if (stored.contentType) headers['Content-Type'] = stored.contentType;
      if (range) headers['Content-Range'] = `bytes ${start}-${end}/${total}`;
      response.writeHead(range ? 206 : 200, headers);
      response.end(request.method === 'GET' ? stored.body.subarray(start, end + 1) : undefined);
      return;
    }
    case 'DELETE':
      objects.delete(name);
      response.writeHead(204).end();
      return;
    default:
      return sendError(response, 405, 'MethodNotAllowed', `${request.method} is not supported`);
  }
}

type Denial = { code: string; message: string };

function checkAuthorization(
  request: IncomingMessage,
  credentials: { accessKeyId: string },
): Denial | undefined {
  const credential = /Credential=([^/]+)\//.exec(request.headers.authorization ?? '')?.[1];
  return credential === credentials.accessKeyId
    ? undefined
    : { code: 'AccessDenied', message: 'Missing or unknown credentials' };
}

/**
 * SigV4 query-string verification as S3 does it: the signature is recomputed over the headers the
 * URL says were signed, with the values this request actually carries, so a different
 * Content-Type or Content-Length gives a different signature and a 403.
 */
function checkPresigned(options: {
  request: IncomingMessage;
  url: URL;
  rawPath: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}): Denial | undefined {
  const { request, url, credentials } = options;
  const query = url.searchParams;
  const [accessKeyId, ...scopeParts] = (query.get('X-Amz-Credential') ?? '').split('/');
  const amzDate = query.get('X-Amz-Date') ?? '';
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || accessKeyId !== credentials.accessKeyId) {
    return { code: 'InvalidAccessKeyId', message: 'The access key is not known here' };
  }
  const signedAt = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!(signedAt + Number(query.get('X-Amz-Expires')) * 1000 >= Date.now())) {
    return { code: 'AccessDenied', message: 'Request has expired' };
  }
  if (!signedHeaders.includes('host')) return { code: 'AccessDenied', message: 'host must be signed' };

  const canonicalQuery = [...query.entries()]
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((header) => `${header}:${headerValue(request, header).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    options.rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = scopeParts.join('/');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key: Buffer = Buffer.from(`AWS4${credentials.secretAccessKey}`);
  for (const part of scopeParts) key = hmac(key, part);
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(query.get('X-Amz-Signature') ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? undefined
    : {
        code: 'SignatureDoesNotMatch',
        message: 'The request signature we calculated does not match the signature you provided.',
      };
}

function headerValue(request: IncomingMessage, header: string): string {
  const value = request.headers[header];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const hmac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');
const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

function crc32Base64(body: Buffer): string {
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return checksum.toString('base64');
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  response
    .writeHead(status, { 'Content-Type': 'application/xml' })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
}
