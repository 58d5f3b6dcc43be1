import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

// Responses written by a serializer compiled once per route from the contract's response schema,
// instead of the zod serializer, which parses every response in full before JSON.stringify (on a
// catalogue page of 50, most of the time Node spends on the request after the database). What
// the zod pass guaranteed, this keeps: only the fields the contract declares leave the server
// (a row's other columns never do), and a value of the wrong JSON type, a missing required field
// or a number that is not finite fails the response (500) rather than reaching a client. It does
// not re-check formats a handler's types already fix (a uuid, an integer). A schema with a part
// this does not know (a union, a record, a transform) keeps the zod serializer whole.

type Write = (value: unknown, path: string) => string;

class Unsupported extends Error {}

const fail = (path: string, expected: string, value: unknown): never => {
  throw new TypeError(
    `${path || 'response'}: expected ${expected}, got ${value === null ? 'null' : typeof value}`,
  );
};

/** The JSON type check and writer of one schema node; throws Unsupported for what it cannot do. */
function compile(schema: z.core.$ZodType): Write {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string':
      return (value, path) =>
        typeof value === 'string' ? JSON.stringify(value) : fail(path, 'a string', value);
    case 'number':
      return (value, path) =>
        typeof value === 'number' && Number.isFinite(value) ? String(value) : fail(path, 'a number', value);
    case 'boolean':
      return (value, path) =>
        typeof value === 'boolean' ? (value ? 'true' : 'false') : fail(path, 'a boolean', value);
    case 'null':
      return (value, path) => (value === null ? 'null' : fail(path, 'null', value));
    case 'enum':
    case 'literal': {
      const allowed = new Set(
        def.type === 'enum'
          ? Object.values(def.entries as Record<string, unknown>)
          : (def.values as unknown[]),
      );
      return (value, path) =>
        allowed.has(value) ? JSON.stringify(value) : fail(path, 'a listed value', value);
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.core.$ZodType);
      return (value, path) => (value === null ? 'null' : inner(value, path));
    }
    case 'array': {
      const element = compile(def.element as z.core.$ZodType);
      return (value, path) => {
        if (!Array.isArray(value)) return fail(path, 'an array', value);
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + element(value[i], `${path}[${i}]`);
        return `${out}]`;
      };
    }
    case 'object': {
      if (def.catchall && (def.catchall as z.core.$ZodType)._zod.def.type !== 'never')
        throw new Unsupported();
      const fields = Object.entries(def.shape as Record<string, z.core.$ZodType>).map(([key, field]) => {
        const isOptional = field._zod.def.type === 'optional';
        const inner = isOptional
          ? (field._zod.def as unknown as { innerType: z.core.$ZodType }).innerType
          : field;
        return { key, prefix: `${JSON.stringify(key)}:`, isOptional, write: compile(inner) };
      });
      return (value, path) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          return fail(path, 'an object', value);
        }
        const record = value as Record<string, unknown>;
        let out = '{';
        let isFirst = true;
        for (const field of fields) {
          const fieldValue = record[field.key];
          if (fieldValue === undefined) {
            if (field.isOptional) continue;
            fail(`${path}.${field.key}`, 'a value', fieldValue);
          }
          out += (isFirst ? '' : ',') + field.prefix + field.write(fieldValue, `${path}.${field.key}`);
          isFirst = false;
        }
        return `${out}}`;
      };
    }
    default:
      throw new Unsupported();
  }
}

/** A route's response schema compiled to a writer, or the zod serializer when it cannot be. */
export const compileResponseSerializer: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const schema = routeSchema.schema as unknown;
  let write: Write;
  try {
    if (!schema || typeof schema !== 'object' || !('_zod' in schema)) throw new Unsupported();
    write = compile(schema as z.core.$ZodType);
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    return zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]);
  }
  return (data: unknown) => {
    try {
      return write(data, '');
    } catch (error) {
      // No status code: the error handler answers 500 and logs it.
      throw new Error(`${routeSchema.method} ${routeSchema.url} answered off its contract`, { cause: error });
    }
  };
};
