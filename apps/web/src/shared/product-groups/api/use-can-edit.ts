// Tiers and groups follow the app-wide level rule (lib/access.ts): every member reads, Admins change.
export { useIsAdmin as useCanEdit, useRefreshAccess } from '#lib/access.ts';
