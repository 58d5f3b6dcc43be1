import type { z } from 'zod';

/** The text inputs for `fields`, filled from a record where one is given; missing values are empty. */
export function formText<F extends string>(
  fields: readonly F[],
  record?: Partial<Record<F, string | number | null>>,
): Record<F, string> {
  const text = {} as Record<F, string>;
  for (const field of fields) text[field] = String(record?.[field] ?? '');
  return text;
}

/**
 * Values as `schema`'s input: text left blank in a field the schema lets be null is sent as null
 * ("none"), so an empty optional ABN is not checked as an ABN. What the schema requires stays
 * text, so an empty name gets its own message rather than "expected string".
 */
export function blanksAsNull(schema: z.ZodObject, values: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = { ...values };
  for (const [field, value] of Object.entries(values)) {
    const fieldSchema = schema.shape[field];
    if (typeof value === 'string' && value.trim() === '' && fieldSchema?.safeParse(null).success) {
      input[field] = null;
    }
  }
  return input;
}
