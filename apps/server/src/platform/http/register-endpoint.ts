import { Readable } from 'node:stream';
import { API_PREFIX, type Endpoint, ErrorBody, toRouterPath } from '@tradeport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

// Optional schema slots are `Schema | undefined`; an absent one gives `undefined`.
type Output<T> = [Exclude<T, undefined>] extends [never]
  ? undefined
  : Exclude<T, undefined> extends z.ZodType
    ? z.output<Exclude<T, undefined>>
    : undefined;

export type EndpointContext<E extends Endpoint> = {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type EndpointHandler<E extends Endpoint> = (
  context: EndpointContext<E>,
) => Promise<z.input<E['response']>>;

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    authenticate: onRequestAsyncHookHandler;
  }
}

/** A download's body made piece by piece, so a large file never sits whole in memory. */
export type TextStream = AsyncIterable<string>;

export type DownloadHandler<E extends Endpoint> = (context: EndpointContext<E>) => Promise<TextStream>;

const FILE_EXTENSIONS: Record<NonNullable<Endpoint['produces']>, string> = { 'text/csv': 'csv' };

/**
 * The success response as Fastify wants it. A non-JSON body is described by its media type, so
 * OpenAPI lists it as text rather than as a JSON string.
 */
function successSchema(endpoint: Endpoint) {
  if (!endpoint.produces) return endpoint.response;
  return {
    description: endpoint.summary,
    content: { [endpoint.produces]: { schema: endpoint.response } },
  };
}

function addRoute(
  app: FastifyInstance,
  endpoint: Endpoint,
  options: { filename?: string; handler: (context: EndpointContext<Endpoint>) => Promise<unknown> },
) {
  const status = endpoint.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `${API_PREFIX}${toRouterPath(endpoint.path)}`,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    schema: {
      summary: endpoint.summary,
      description: endpoint.description,
      tags: endpoint.tags,
      ...(endpoint.auth === 'user' ? { security: [{ bearerAuth: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: successSchema(endpoint), '4XX': ErrorBody, '5XX': ErrorBody },
    },
    // onRequest: a caller without a session gets 401 before their body is even parsed.
    ...(endpoint.auth === 'user' ? { onRequest: app.authenticate } : {}),
    handler: async (request, reply) => {
      const result = await options.handler({
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
      });
      reply.status(status);
      if (!endpoint.produces) return result;
      // A string with a non-JSON content type goes out as it is: the JSON serializer never sees it.
      const filename =
        options.filename ?? `${endpoint.tags[0] ?? 'download'}.${FILE_EXTENSIONS[endpoint.produces]}`;
      reply.header('content-type', `${endpoint.produces}; charset=utf-8`);
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      return typeof result === 'string' ? result : Readable.from(result as TextStream);
    },
  });
}

/**
 * Registers a contract endpoint: path, validation, response serialisation, OpenAPI and the
 * session check all come from its one declaration in packages/contract.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
) {
  addRoute(app, endpoint, { handler: handler as (context: EndpointContext<Endpoint>) => Promise<unknown> });
}

/**
 * Registers an endpoint that `produces` a file, streamed as the handler makes it. Anything the
 * handler checks before returning its stream (session, membership, filters) still answers with
 * the usual JSON error.
 */
export function registerDownload<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: { filename: string; handler: DownloadHandler<E> },
) {
  if (!endpoint.produces) throw new Error(`${endpoint.path} does not declare what it produces`);
  addRoute(app, endpoint, {
    filename: options.filename,
    handler: options.handler as (context: EndpointContext<Endpoint>) => Promise<unknown>,
  });
}
