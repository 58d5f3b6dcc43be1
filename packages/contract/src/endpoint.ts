import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. `public` needs no session; `user` needs a valid access token. Which
 * organisation the caller must belong to (and at what level) is the access rule the server
 * declares when it registers the endpoint; it refuses to start with a `user` endpoint lacking one.
 */
export type EndpointAuth = 'public' | 'user';

export type Endpoint<
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** Path under /api/v1 with `{name}` placeholders, exactly as SPEC §7 writes them. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: EndpointAuth;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  response: TResponse;
  /** Success status; 200 unless stated. */
  status?: 200 | 201 | 202 | 204;
  /**
   * Status of a retried request that answers with what the first one made (the same
   * Idempotency-Key placing an order again): the handler picks it with `setStatus`.
   */
  replayStatus?: 200;
  /** Largest request body in bytes, when an endpoint takes more than the server's default. */
  bodyLimit?: number;
  /**
   * The handler also receives the body's exact bytes (a webhook checks its sender's signature over
   * them; parsed JSON would not reproduce them).
   */
  rawBody?: true;
  /**
   * A file instead of JSON: the media type of the success body. Its response schema is the raw
   * text (CSV) or the bytes as a Blob (PDF), as the client reads them.
   */
  produces?: 'text/csv' | 'application/pdf';
};

/** Declares an endpoint once; the server registers it, the client calls it, OpenAPI describes it. */
export function defineEndpoint<
  TParams extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TBody extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<TParams, TQuery, TBody, TResponse>) {
  return endpoint;
}

export type EndpointParams<E> =
  E extends Endpoint<infer P, never, never, never> ? (P extends z.ZodType ? z.input<P> : undefined) : never;

type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;

export type EndpointInput<E extends Endpoint> = {
  params: InputOf<E['params']>;
  query: InputOf<E['query']>;
  body: InputOf<E['body']>;
};

export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

export const API_PREFIX = '/api/v1';

/** `/orders/{id}` + `{id: 'x'}` → `/orders/x`, each value URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `/orders/{id}` → `/orders/:id`, the router's syntax. */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
