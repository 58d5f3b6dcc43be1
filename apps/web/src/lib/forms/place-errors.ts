import { forbiddenMessage, isForbidden } from '../admin-only-reason.ts';
import { ApiError } from '../api-error.ts';

/** A zod issue (path as segments) or a server FieldIssue (path as "body.email"). */
export type Issue = { path: readonly PropertyKey[] | string; message: string };

export type FieldErrors = Record<string, string>;

/** What a refusal shows: messages on the fields it names, and one above the form for the rest. */
export type FormFailure = { fieldErrors: FieldErrors; formError: string | null };

export type PlaceOptions = {
  /** The form's fields (its values' keys). */
  fields: readonly string[];
  /** Wire names that land on fields with other names, e.g. credit_limit_cents → credit_limit. */
  aliases?: Readonly<Record<string, string>>;
};

const REQUEST_PARTS: ReadonlySet<string> = new Set(['body', 'params', 'query']);

function segmentsOf(path: Issue['path']): string[] {
  const segments = typeof path === 'string' ? path.split('.') : path.map(String);
  if (segments.length > 1 && REQUEST_PARTS.has(segments[0] ?? '')) segments.shift();
  return segments;
}

/**
 * The field an issue is about. Forms hold flat text while request bodies nest (payment settings),
 * so a path that names no field is tried by its last segment; wire names are unique within a form.
 */
export function fieldOf(path: Issue['path'], options: PlaceOptions): string | undefined {
  const segments = segmentsOf(path);
  const whole = segments.join('.');
  const last = segments.at(-1) ?? '';
  for (const name of [whole, last]) {
    const field = options.aliases?.[name] ?? name;
    if (options.fields.includes(field)) return field;
  }
  return undefined;
}

/** The first message per field; messages about paths the form has no field for are `unplaced`. */
export function placeIssues(
  issues: readonly Issue[],
  options: PlaceOptions,
): { fieldErrors: FieldErrors; unplaced: string[] } {
  const fieldErrors: FieldErrors = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.path, options);
    if (field === undefined) unplaced.push(issue.message);
    else fieldErrors[field] ??= issue.message;
  }
  return { fieldErrors, unplaced };
}

/**
 * How a failed submit shows on a form. Codes the form handles itself (passed to `request` as
 * handledErrorCodes, so they raised no toast) go onto the fields the server named, and above the
 * form when some of it fits no field. FORBIDDEN is never toasted (SPEC §8), so every form says it
 * above itself, in the server's words or the Admin-only reason. Anything else has already been
 * toasted by the API client, so the form shows nothing more.
 */
export function failureFrom(
  error: unknown,
  options: PlaceOptions & { handledErrorCodes: readonly string[] },
): FormFailure {
  if (isForbidden(error)) {
    return { fieldErrors: {}, formError: forbiddenMessage(error) };
  }
  if (!(error instanceof ApiError) || !options.handledErrorCodes.includes(error.code)) {
    return { fieldErrors: {}, formError: null };
  }
  const { fieldErrors, unplaced } = placeIssues(error.details, options);
  const isAllPlaced = unplaced.length === 0 && Object.keys(fieldErrors).length > 0;
  return { fieldErrors, formError: isAllPlaced ? null : error.message };
}
