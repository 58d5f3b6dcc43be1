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
// this does not know (a union, a transform) keeps the zod serializer whole.

type Write = (value: unknown) => string;

class Unsupported extends Error {}

/**
 * A value the contract does not allow. Where it was is added on the way out, a segment per array
 * or object it was in: writing a page is the hot path, and building each value's path up front
 * (a string per field of every row) cost more than the checks themselves.
 */
class OffContract extends TypeError {
  readonly segments: string[] = [];
  constructor(
    readonly expected: string,
    readonly got: string,
  ) {
    super(`expected ${expected}, got ${got}`);
  }

  /** The error's message with its path: `.items[1].price_cents: expected a number, got string`. */
  located(): TypeError {
    return new TypeError(`${this.segments.join('') || 'response'}: ${this.message}`);
  }
}

const fail = (expected: string, value: unknown): never => {
  throw new OffContract(expected, value === null ? 'null' : typeof value);
};

/** `error`, noted as having happened inside `segment` (`[3]`, `.name`). */
const within = (error: unknown, segment: string) => {
  if (error instanceof OffContract) error.segments.unshift(segment);
  return error;
};

/** The JSON type check and writer of one schema node; throws Unsupported for what it cannot do. */
function compile(schema: z.core.$ZodType): Write {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? JSON.stringify(value) : fail('a string', value));
    case 'number':
      return (value) =>
        typeof value === 'number' && Number.isFinite(value) ? String(value) : fail('a number', value);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? (value ? 'true' : 'false') : fail('a boolean', value));
    case 'null':
      return (value) => (value === null ? 'null' : fail('null', value));
    case 'enum':
    case 'literal': {
      const allowed = new Set(
        def.type === 'enum'
          ? Object.values(def.entries as Record<string, unknown>)
          : (def.values as unknown[]),
      );
      return (value) => (allowed.has(value) ? JSON.stringify(value) : fail('a listed value', value));
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.core.$ZodType);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'array': {
      const element = compile(def.element as z.core.$ZodType);
      return (value) => {
        if (!Array.isArray(value)) return fail('an array', value);
        let out = '[';
        let i = 0;
        try {
          for (; i < value.length; i++) out += (i ? ',' : '') + element(value[i]);
        } catch (error) {
          throw within(error, `[${i}]`);
        }
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
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          return fail('an object', value);
        }
        const record = value as Record<string, unknown>;
        let out = '{';
        let isFirst = true;
        let field = fields[0];
        try {
          for (field of fields) {
            const fieldValue = record[field.key];
            if (fieldValue === undefined) {
              if (field.isOptional) continue;
              fail('a value', fieldValue);
            }
            out += (isFirst ? '' : ',') + field.prefix + field.write(fieldValue);
            isFirst = false;
          }
        } catch (error) {
          throw within(error, `.${field!.key}`);
        }
        return `${out}}`;
      };
    }
    case 'record': {
      // A map of free-form details (an order event's): string keys, each value written as its
      // schema says, or as JSON whatever it is for `unknown`, as the zod serializer would.
      if ((def.keyType as z.core.$ZodType)._zod.def.type !== 'string') throw new Unsupported();
      const valueType = def.valueType as z.core.$ZodType;
      const entry: Write =
        valueType._zod.def.type === 'unknown' ? (value) => JSON.stringify(value) : compile(valueType);
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          return fail('an object', value);
        }
        let out = '{';
        let key = '';
        try {
          for (key of Object.keys(value)) {
            const entryValue = (value as Record<string, unknown>)[key];
            // Left out, as JSON.stringify leaves out a property whose value is undefined.
            if (entryValue === undefined) continue;
            out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${entry(entryValue)}`;
          }
        } catch (error) {
          throw within(error, `.${key}`);
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
      return write(data);
    } catch (caught) {
      const error = caught instanceof OffContract ? caught.located() : caught;
      // No status code: the error handler answers 500 and logs it.
      throw new Error(`${routeSchema.method} ${routeSchema.url} answered off its contract`, { cause: error });
    }
  };
};
