/** A zod issue (path as segments) or a server FieldIssue (path as "body.payment_settings.x"). */
export type Issue = {
  path: readonly PropertyKey[] | string;
  message: string;
  code?: string;
  maximum?: unknown;
};

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

function lastSegment(path: Issue['path']): string | undefined {
  const segments = typeof path === 'string' ? path.split('.') : path.map(String);
  return segments.at(-1);
}

/**
 * The first message per form field, matched on the last path segment (wire names are unique within
 * a form); `aliases` maps wire names onto form fields with other names. Issues that fit no field
 * come back as `unmatched`, for a message above the form.
 */
export function fieldErrorsFrom<F extends string>(
  issues: readonly Issue[],
  options: {
    fields: readonly F[];
    aliases?: Partial<Record<string, F>>;
    messageFor?: (field: F, issue: Issue) => string;
  },
): { errors: FieldErrors<F>; unmatched: string[] } {
  const errors: FieldErrors<F> = {};
  const unmatched: string[] = [];
  for (const issue of issues) {
    const name = lastSegment(issue.path) ?? '';
    const field = options.aliases?.[name] ?? options.fields.find((candidate) => candidate === name);
    if (!field) unmatched.push(issue.message);
    else errors[field] ??= options.messageFor?.(field, issue) ?? issue.message;
  }
  return { errors, unmatched };
}
