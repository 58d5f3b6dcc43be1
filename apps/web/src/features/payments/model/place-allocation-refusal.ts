import { ApiError } from '#lib/api-error.ts';
import { type FormFailure, placeIssues } from '#lib/forms/place-errors.ts';
import { splitAllocationIssues } from './allocation-issues.ts';

/**
 * A refused payment or credit application as its form shows it: each allocation the server named
 * on its order's row (`rowField`), the other issues on the form's fields, and the server's message
 * above the form when something fits no field. Refusals the form does not handle keep `failure`
 * (the API client toasted them; FORBIDDEN says itself above the form).
 */
export function placeAllocationRefusal(input: {
  failure: FormFailure;
  error: unknown;
  handledErrorCodes: readonly string[];
  /** What was sent, in order: the server's `allocations.<i>` is the i-th. */
  sent: readonly { order_id: string }[];
  rowField: (orderId: string) => string;
  fields: readonly string[];
  aliases?: Readonly<Record<string, string>>;
}): FormFailure {
  const { error } = input;
  if (!(error instanceof ApiError) || !input.handledErrorCodes.includes(error.code)) return input.failure;
  const { byOrder, rest } = splitAllocationIssues(error.details, input.sent);
  const placed = placeIssues(rest, { fields: input.fields, aliases: input.aliases });
  const fieldErrors = { ...placed.fieldErrors };
  for (const [orderId, message] of Object.entries(byOrder)) fieldErrors[input.rowField(orderId)] = message;
  const isAllPlaced = placed.unplaced.length === 0 && Object.keys(fieldErrors).length > 0;
  return { fieldErrors, formError: isAllPlaced ? null : error.message };
}
