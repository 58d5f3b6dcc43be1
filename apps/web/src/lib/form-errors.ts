import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** A zod issue (path as segments) or a server FieldIssue (path as "body.email"). */
export type Issue = {
  path: readonly PropertyKey[] | string;
  message: string;
  code?: string;
  maximum?: unknown;
};

const REQUEST_PARTS: ReadonlySet<string> = new Set(['body', 'params', 'query']);

/** The form field an issue is about: "body.address_line1" and ["address_line1"] both name address_line1. */
export function issueField(path: Issue['path']): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  if (parts.length > 1 && REQUEST_PARTS.has(parts[0] ?? '')) parts.shift();
  return parts.join('.');
}

/** The last segment of an issue's path: "body.payment_settings.credit_limit_cents" names credit_limit_cents. */
export function lastPathSegment(path: Issue['path']): string {
  const segments = typeof path === 'string' ? path.split('.') : path.map(String);
  return segments.at(-1) ?? '';
}

export type MatchFieldsOptions<F extends string> = {
  fields: readonly F[];
  /** The name an issue's path gives; `issueField` unless a form matches nested paths otherwise. */
  nameOf?: (path: Issue['path']) => string;
  /** Wire names that land on form fields with other names. */
  aliases?: Partial<Record<string, F>>;
  messageFor?: (field: F, issue: Issue) => string;
};

/**
 * The first message per form field; issues that fit no field come back as `unmatched`, for a
 * message above the form.
 */
export function matchFieldErrors<F extends string>(
  issues: readonly Issue[],
  options: MatchFieldsOptions<F>,
): { errors: FieldErrors<F>; unmatched: string[] } {
  const nameOf = options.nameOf ?? issueField;
  const errors: FieldErrors<F> = {};
  const unmatched: string[] = [];
  for (const issue of issues) {
    const name = nameOf(issue.path);
    const field = options.aliases?.[name] ?? options.fields.find((candidate) => candidate === name);
    if (!field) unmatched.push(issue.message);
    else errors[field] ??= options.messageFor?.(field, issue) ?? issue.message;
  }
  return { errors, unmatched };
}

/** The first message per field the form has; issues about other paths are left out. */
export function fieldErrorsFrom<F extends string>(
  issues: readonly Issue[],
  fields: readonly F[],
): FieldErrors<F> {
  return matchFieldErrors(issues, { fields }).errors;
}

export type Validated<T, F extends string> =
  { data: T; errors?: undefined } | { data?: undefined; errors: FieldErrors<F> };

/** Checks form values with a contract schema before anything is sent. */
export function validateWith<S extends z.ZodType, F extends string>(
  schema: S,
  values: unknown,
  fields: readonly F[],
): Validated<z.output<S>, F> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  return { errors: fieldErrorsFrom(parsed.error.issues, fields) };
}

export type FormFailure<F extends string> = { fieldErrors: FieldErrors<F>; formError: string | null };

/**
 * How a failed submit shows on a form. Codes the form handles itself (passed to `request` as
 * handledErrorCodes, so they raised no toast) go onto the fields the server named, or above the
 * form when it named none. Anything else has already been toasted by the API client (SPEC §8).
 */
export function formFailureFrom<F extends string>(
  error: unknown,
  options: { fields: readonly F[]; handledErrorCodes: readonly string[] },
): FormFailure<F> {
  if (!(error instanceof ApiError) || !options.handledErrorCodes.includes(error.code)) {
    return { fieldErrors: {}, formError: null };
  }
  const fieldErrors = fieldErrorsFrom(error.details, options.fields);
  const hasFieldError = Object.keys(fieldErrors).length > 0;
  return { fieldErrors, formError: hasFieldError ? null : error.message };
}

/** The body schema of an endpoint that declares one, for checking a form before it is sent. */
export function bodySchemaOf<E extends { method: string; path: string; body?: z.ZodType }>(
  endpoint: E,
): NonNullable<E['body']> {
  if (!endpoint.body) throw new Error(`${endpoint.method} ${endpoint.path} takes no body`);
  return endpoint.body as NonNullable<E['body']>;
}
