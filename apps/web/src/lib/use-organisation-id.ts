import { useCurrentAccount } from './current-account.ts';

/** The organisation the person acts for (SPEC §4 selection); null until the account has loaded. */
export function useOrganisationId(): string | null {
  return useCurrentAccount().organisation?.id ?? null;
}
