type Selectable = { id: string; active: boolean; invitation_accepted: boolean };

/** Organisations a person can act for: accepted invitations to active memberships. */
export function usableOrganisations<T extends Selectable>(organisations: readonly T[]): T[] {
  return organisations.filter((organisation) => organisation.active && organisation.invitation_accepted);
}

/**
 * SPEC §4: use the stored id if it is still among the accepted active organisations;
 * otherwise the first of them. Undefined when there is none.
 */
export function selectOrganisation<T extends Selectable>(
  organisations: readonly T[],
  storedId: string | null | undefined,
): T | undefined {
  const usable = usableOrganisations(organisations);
  return usable.find((organisation) => organisation.id === storedId) ?? usable[0];
}
