import type { AppDeps } from '../../app-deps.ts';
import { hashToken } from '../../platform/auth/opaque-tokens.ts';
import { notFound } from '../../platform/errors.ts';
import {
  hasAccountForEmail,
  markInvitationDeclined,
  revokeOpenInvitation,
} from './invitation-answers.queries.ts';
import {
  findOpenInvitation,
  findOpenInvitationByToken,
  listOpenInvitationsForEmail,
} from './invitations.queries.ts';

type Person = { email: string };

/** Invitations seen from either end: the Admin withdrawing one, the invited person answering. */
export function createInvitationAnswers({ database: { db }, now }: Pick<AppDeps, 'database' | 'now'>) {
  return {
    async revoke(options: { organisationId: string; invitationId: string }) {
      if (!(await revokeOpenInvitation(db, { ...options, now: now() }))) throw notFound('Invitation');
      return { revoked: true as const };
    },

    async listFor(person: Person) {
      const rows = await listOpenInvitationsForEmail(db, { email: person.email, now: now() });
      return rows.map((row) => ({
        organisation_id: row.organisationId,
        organisation_title: row.organisationTitle,
        user_level: row.level,
        invited_by: row.invitedBy,
        expires_at: row.expiresAt.toISOString(),
      }));
    },

    async decline(options: { organisationId: string; person: Person }) {
      const at = now();
      const invitation = await findOpenInvitation(db, {
        organisationId: options.organisationId,
        email: options.person.email,
        now: at,
      });
      if (!invitation) throw notFound('Invitation');
      await markInvitationDeclined(db, { invitationId: invitation.id, now: at });
      return { declined: true as const };
    },

    async getByToken(token: string) {
      const found = await findOpenInvitationByToken(db, { tokenHash: hashToken(token), now: now() });
      if (!found) throw notFound('Invitation');
      return {
        organisation_id: found.invitation.organisationId,
        organisation_title: found.organisationTitle,
        email: found.invitation.email,
        has_account: await hasAccountForEmail(db, found.invitation.email),
      };
    },
  };
}
