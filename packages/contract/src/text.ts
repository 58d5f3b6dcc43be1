import { z } from 'zod';

/** Search needs at least this many characters where it is matched by trigram. */
export const MIN_SEARCH_CHARS = 2;

/** Free text that may be left empty: trimmed, at most `max` characters, blank read as null. */
export const optionalText = (max: number, params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable();

/** A list's search box: blank means no search, so a cleared box lists everything. */
export const SearchText = z
  .string()
  .trim()
  .max(80)
  .transform((value) => value || undefined)
  .optional();

/** A search matched by trigram, which needs MIN_SEARCH_CHARS to find anything. */
export const TrigramSearchText = SearchText.refine(
  (value) => value === undefined || value.length >= MIN_SEARCH_CHARS,
  { message: `Search needs at least ${MIN_SEARCH_CHARS} characters` },
);
