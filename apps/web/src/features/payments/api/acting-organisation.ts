/** The organisation a write acts for: the dialogs that write open only once there is one. */
export function acting(organisationId: string | null): string {
  if (!organisationId) throw new Error('No organisation is chosen');
  return organisationId;
}
