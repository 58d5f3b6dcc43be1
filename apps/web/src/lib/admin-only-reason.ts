/**
 * Why an Admin-only control is hidden or disabled, and what a FORBIDDEN refusal says when the server
 * gave no words of its own. A file of its own so that forms on the first-load path (sign-in) can use
 * it without the query cache that lib/access.ts brings.
 */
export const ADMIN_ONLY_REASON = 'Only an Admin of this organisation can change this.';
