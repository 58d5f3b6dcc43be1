import { useCurrentAccount } from '#features/users/api/current-user.ts';

/** The organisation the person acts for (SPEC §4 selection); null until the account has loaded. */
export function useOrganisationId(): string | null {
  return useCurrentAccount().organisation?.id ?? null;
}
