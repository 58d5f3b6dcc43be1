/**
 * Refusals a create or edit form shows itself, so they raise no toast: field errors, and a name
 * already used (409 with a field error on `body.name`).
 */
export const TAXONOMY_FORM_ERROR_CODES = ['VALIDATION_ERROR', 'CONFLICT'] as const;

/** A delete refused because the record is in use (409) is explained on the screen, not in a toast. */
export const TAXONOMY_DELETE_ERROR_CODES = ['CONFLICT'] as const;
