import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

/** Keyset pagination: `cursor` is the opaque `next_cursor` of the previous page. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  cursor: z.string().max(500).optional(),
});

export function Page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
