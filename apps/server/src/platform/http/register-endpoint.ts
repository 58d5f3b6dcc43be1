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

/**
 * Registers a contract endpoint: path, validation, response serialisation, OpenAPI and the
 * session check all come from its one declaration in packages/contract.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
) {
  const status = endpoint.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `${API_PREFIX}${toRouterPath(endpoint.path)}`,
    schema: {
      summary: endpoint.summary,
      description: endpoint.description,
      tags: endpoint.tags,
      ...(endpoint.auth === 'user' ? { security: [{ bearerAuth: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: endpoint.response, '4XX': ErrorBody, '5XX': ErrorBody },
    },
    // onRequest: a caller without a session gets 401 before their body is even parsed.
    ...(endpoint.auth === 'user' ? { onRequest: app.authenticate } : {}),
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as Output<E['params']>,
        query: request.query as Output<E['query']>,
        body: request.body as Output<E['body']>,
        request,
        reply,
      });
      reply.status(status);
      return result;
    },
  });
}
