import type { GroupSummary } from '@tradeport/contract';
import { ApiError } from '#lib/api-error.ts';
import type { FormFailure } from '#lib/forms/place-errors.ts';
import { forbiddenMessage, isForbidden } from '#lib/admin-only-reason.ts';

/** The form's text as typed; the contract's GroupInput trims it and turns a blank description to null. */
export type GroupValues = { name: string; description: string };

/** Shown on the form: field errors, a name already used or a stale edit (409), and a 403. */
export const GROUP_FORM_ERROR_CODES = ['VALIDATION_ERROR', 'CONFLICT', 'FORBIDDEN'] as const;

export function groupValuesOf(group: GroupSummary | null): GroupValues {
  return { name: group?.name ?? '', description: group?.description ?? '' };
}

/**
 * A 409 that names no field: the record changed since it was loaded. (A name already used is a
 * 409 too, but the server names the field in its details.)
 */
export function isStaleEdit(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CONFLICT' && error.details.length === 0;
}

/**
 * Where a refused save shows on the form. Adding can only conflict over the name, so a 409 lands
 * on the name even without details; on a rename the same bare 409 means a stale version, which the
 * form shows above itself (`isStaleEdit`). A 403 says who may make the change.
 */
export function groupFormFailure(
  failure: FormFailure,
  error: unknown,
  options: { kind: { plural: string }; isCreate: boolean },
): FormFailure {
  if (isForbidden(error)) return { fieldErrors: {}, formError: forbiddenMessage(error) };
  if (isStaleEdit(error)) {
    return options.isCreate && error instanceof ApiError
      ? { fieldErrors: { name: error.message }, formError: null }
      : { fieldErrors: {}, formError: null };
  }
  return failure;
}
