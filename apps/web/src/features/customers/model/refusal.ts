import { ADMIN_ONLY_REASON } from '#lib/access.ts';

/** What a refused change says where it was asked for: what did not happen, then why. */
export function refusedMessage(whatFailed: string): string {
  return `${whatFailed}. ${ADMIN_ONLY_REASON}`;
}
