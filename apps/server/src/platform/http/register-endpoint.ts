import { Readable } from 'node:stream';
import { API_PREFIX, type Endpoint, ErrorBody, toRouterPath } from '@tradeport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireUserId } from '../auth/authenticate.ts';
import { type AccessRule, type AccessSpec, assertRuleFits, resolveAccess } from '../tenancy/access.ts';
import type { AccessQueries } from '../tenancy/membership.queries.ts';
import { compileResponseSerializer } from './response-serializer.ts';

// Optional schema slots are `Schema | undefined`; an absent one gives `undefined`.
type Output<T> = [Exclude<T, undefined>] extends [never]
  ? undefined
  : Exclude<T, undefined> extends z.ZodType
    ? z.output<Exclude<T, undefined>>
    : undefined;

export type EndpointContext<E extends Endpoint, A = unknown> = {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
  /** Who the request acts as, as the endpoint's access rule resolved it. */
  actor: A;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Answers with the endpoint's `replayStatus` instead of its usual status (a replayed request). */
  setStatus(status: NonNullable<E['replayStatus']>): void;
  /** The body's exact bytes, for an endpoint that declares `rawBody` (undefined otherwise). */
  rawBody: Buffer | undefined;
};

export type EndpointHandler<E extends Endpoint, A = unknown> = (
  context: EndpointContext<E, A>,
) => Promise<z.input<E['response']>>;

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    authenticate: onRequestAsyncHookHandler;
    accessQueries: AccessQueries;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    actor: unknown;
  }
}

const declaredRules = new WeakMap<FastifyInstance, Map<Endpoint, AccessSpec>>();

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * Keeps the body's bytes before the JSON parser sees them (a webhook's signature is over those
 * bytes), within the endpoint's body limit, and hands the parser the same bytes.
 */
function keepRawBody(limit: number) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += bytes.length;
      if (size > limit) {
        throw Object.assign(new Error('Request body is too large'), {
          code: 'FST_ERR_CTP_BODY_TOO_LARGE',
          statusCode: 413,
        });
      }
      chunks.push(bytes);
    }
    const raw = Buffer.concat(chunks);
    rawBodies.set(request, raw);
    return Object.assign(Readable.from([raw]), { receivedEncodedLength: raw.length });
  };
}

/** The access rule each endpoint was registered with, for tests generated from the contract. */
export function declaredAccess(app: FastifyInstance): ReadonlyMap<Endpoint, AccessSpec> {
  return declaredRules.get(app) ?? new Map();
}

/**
 * A download's body made piece by piece (text for CSV, bytes for PDF), so a large file never sits
 * whole in memory: it is pulled as the client reads, so the next piece is made only when needed.
 * A small file (a report's few hundred rows) may be returned whole, as text.
 */
export type DownloadStream = AsyncIterable<string | Uint8Array>;

export type DownloadHandler<E extends Endpoint, A = unknown> = (
  context: EndpointContext<E, A>,
) => Promise<DownloadStream | string>;

const FILE_EXTENSIONS: Record<NonNullable<Endpoint['produces']>, string> = {
  'text/csv': 'csv',
  'application/pdf': 'pdf',
};

/** Text says its encoding; a binary type has none. */
const contentTypeOf = (produces: NonNullable<Endpoint['produces']>) =>
  produces.startsWith('text/') ? `${produces}; charset=utf-8` : produces;

/** The name a download is saved as: fixed, or made from the request (`tax-invoices.pdf`). */
export type DownloadFilename<E extends Endpoint, A = unknown> =
  string | ((context: EndpointContext<E, A>) => string);

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

type RouteOptions = {
  access: AccessRule;
  filename?: DownloadFilename<Endpoint>;
  handler: (context: EndpointContext<Endpoint>) => Promise<unknown>;
};

function addRoute(app: FastifyInstance, endpoint: Endpoint, options: RouteOptions) {
  const spec: AccessSpec | undefined = options.access;
  assertRuleFits(endpoint, spec);
  const rules = declaredRules.get(app) ?? new Map<Endpoint, AccessSpec>();
  declaredRules.set(app, rules.set(endpoint, spec));
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
      response: {
        [status]: successSchema(endpoint),
        ...(endpoint.replayStatus ? { [endpoint.replayStatus]: successSchema(endpoint) } : {}),
        '4XX': ErrorBody,
        '5XX': ErrorBody,
      },
    },
    // A JSON response is written by a serializer compiled from its schema, not re-validated.
    ...(endpoint.produces ? {} : { serializerCompiler: compileResponseSerializer }),
    // onRequest: a caller without a session gets 401 before their body is even parsed.
    ...(endpoint.auth === 'user' ? { onRequest: app.authenticate } : {}),
    ...(endpoint.rawBody
      ? { preParsing: keepRawBody(endpoint.bodyLimit ?? app.initialConfig.bodyLimit ?? 1_048_576) }
      : {}),
    // preValidation: access is settled before the body is looked at, so a caller who does not
    // belong gets the same 404 whatever they send. Ids are read with the endpoint's own schemas;
    // a malformed one is left to validation's 400.
    ...(spec.type === 'public'
      ? {}
      : {
          preValidation: async (request: FastifyRequest) => {
            request.actor = await resolveAccess(app.accessQueries, {
              spec,
              endpoint,
              request,
              userId: requireUserId(request),
            });
          },
        }),
    handler: async (request, reply) => {
      if (spec.type !== 'public' && request.actor === undefined) {
        throw new Error(`${endpoint.method} ${endpoint.path} reached its handler without an actor`);
      }
      let answered: number | undefined;
      const context: EndpointContext<Endpoint> = {
        params: request.params,
        query: request.query,
        body: request.body,
        actor: request.actor,
        request,
        reply,
        setStatus: (replayed) => {
          if (replayed !== endpoint.replayStatus)
            throw new Error(`${endpoint.path} has no status ${replayed}`);
          answered = replayed;
        },
        rawBody: rawBodies.get(request),
      };
      const result = await options.handler(context);
      reply.status(answered ?? status);
      if (!endpoint.produces) return result;
      // A string with a non-JSON content type goes out as it is: the JSON serializer never sees it.
      const named = typeof options.filename === 'function' ? options.filename(context) : options.filename;
      const filename = named ?? `${endpoint.tags[0] ?? 'download'}.${FILE_EXTENSIONS[endpoint.produces]}`;
      reply.header('content-type', contentTypeOf(endpoint.produces));
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      return typeof result === 'string' ? result : Readable.from(result as DownloadStream);
    },
  });
}

/**
 * Registers a contract endpoint: path, validation, response serialisation and OpenAPI come from
 * its one declaration in packages/contract; `access` says who may call it, and is resolved before
 * the handler, which receives the actor. Throws at start-up for a rule that does not fit.
 *
 * @example registerEndpoint(app, updateOrganisation, {
 *   access: access.member({ org: 'id', level: 'Admin' }),
 *   handler: async ({ actor, body }) => service.update({ organisationId: actor.organisationId, ...body }),
 * });
 */
export function registerEndpoint<E extends Endpoint, A>(
  app: FastifyInstance,
  endpoint: E,
  options: { access: AccessRule<A>; handler: EndpointHandler<E, A> },
) {
  addRoute(app, endpoint, {
    access: options.access,
    handler: options.handler as (context: EndpointContext<Endpoint>) => Promise<unknown>,
  });
}

/**
 * Registers an endpoint that `produces` a file, streamed as the handler makes it. Anything the
 * handler checks before returning its stream (session, membership, filters) still answers with
 * the usual JSON error.
 */
export function registerDownload<E extends Endpoint, A>(
  app: FastifyInstance,
  endpoint: E,
  options: { access: AccessRule<A>; filename: DownloadFilename<E, A>; handler: DownloadHandler<E, A> },
) {
  if (!endpoint.produces) throw new Error(`${endpoint.path} does not declare what it produces`);
  addRoute(app, endpoint, {
    access: options.access,
    filename: options.filename as DownloadFilename<Endpoint>,
    handler: options.handler as (context: EndpointContext<Endpoint>) => Promise<unknown>,
  });
}
