import type { z } from 'zod';

/** The body schema of an endpoint that declares one: what a form checks before it is sent. */
export function bodySchemaOf<E extends { method: string; path: string; body?: z.ZodType }>(
  endpoint: E,
): NonNullable<E['body']> {
  if (!endpoint.body) throw new Error(`${endpoint.method} ${endpoint.path} takes no body`);
  return endpoint.body as NonNullable<E['body']>;
}
