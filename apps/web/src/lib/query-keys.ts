// Before any organisation is chosen a key still needs a first element of its own.
const NO_ORGANISATION = 'no-organisation';

/** DESIGN §5: every query key starts with the organisation id, so switching never shows another's data. */
export function scopedKey<const T extends readonly unknown[]>(organisationId: string | null, ...parts: T) {
  return [organisationId ?? NO_ORGANISATION, ...parts] as const;
}
