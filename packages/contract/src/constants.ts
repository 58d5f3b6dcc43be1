// SPEC §9 business constants, in the units the code uses.

/** A session is valid only while its access token expires more than this far ahead. */
export const SESSION_EXPIRY_MARGIN_MS = 60_000;
/** After trial_end, the trial is "ended"; this much later it is "expired". */
export const TRIAL_GRACE_MS = 172_800_000;
/** How long the "returning to merchant" message shows before the impersonation cookie is cleared. */
export const RETURN_TO_MERCHANT_DELAY_MS = 2_000;
export const MAX_VISIBLE_TOASTS = 3;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const TRIAL_LENGTH_DAYS = 14;
/** Header naming the organisation the signed-in person is acting for (see README). */
export const ORGANISATION_HEADER = 'x-organisation-id';
export const PAGE_PATH_HEADER = 'x-page-path';
export const DATE_LOCALE = 'en-AU';
export const DEFAULT_CURRENCY = 'AUD';
