export type SignInField = 'email' | 'password';
export type SignInFieldErrors = Partial<Record<SignInField, string>>;

/** A zod issue (path as segments) or a server FieldIssue (path as "body.email"). */
type Issue = { path: readonly PropertyKey[] | string; message: string };

function fieldOf(path: Issue['path']): SignInField | null {
  const last = typeof path === 'string' ? path.split('.').pop() : path.at(-1);
  return last === 'email' || last === 'password' ? last : null;
}

/** The first message per field, from the contract's client-side check or the server's details. */
export function fieldErrorsFrom(issues: readonly Issue[]): SignInFieldErrors {
  const errors: SignInFieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
