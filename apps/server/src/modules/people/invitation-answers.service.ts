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
import { acceptInvitation, loadInvitee, requireVerifiedEmail } from './invitations.service.ts';

/** Invitations seen from either end: the Admin withdrawing one, the invited person answering. */
export function createInvitationAnswers({ database: { db }, now }: Pick<AppDeps, 'database' | 'now'>) {
  // Answering needs the email proven, checked here once for accept and decline alike.
  async function verifiedInvitee(userId: string) {
    const me = await loadInvitee(db, userId);
    requireVerifiedEmail(me);
    return me;
  }

  return {
    async revoke(options: { organisationId: string; invitationId: string }) {
      if (!(await revokeOpenInvitation(db, { ...options, now: now() }))) throw notFound('Invitation');
      return { revoked: true as const };
    },

    /** The signed-in person's open invitations; hidden, not refused, until their email is proven. */
    async listMine(userId: string) {
      const me = await loadInvitee(db, userId);
      if (!me.emailVerified) return [];
      const rows = await listOpenInvitationsForEmail(db, { email: me.email, now: now() });
      return rows.map((row) => ({
        organisation_id: row.organisationId,
        organisation_title: row.organisationTitle,
        user_level: row.level,
        invited_by: row.invitedBy,
        expires_at: row.expiresAt.toISOString(),
      }));
    },

    /** Joins the organisation whose invitation is addressed to the caller's proven email. */
    async accept(options: { userId: string; organisationId: string; token?: string }) {
      const me = await verifiedInvitee(options.userId);
      await db.transaction((tx) =>
        acceptInvitation({
          tx,
          organisationId: options.organisationId,
          user: me,
          token: options.token,
          now: now(),
        }),
      );
      return { accepted: true as const };
    },

    async decline(options: { userId: string; organisationId: string }) {
      const me = await verifiedInvitee(options.userId);
      const at = now();
      const invitation = await findOpenInvitation(db, {
        organisationId: options.organisationId,
        email: me.email,
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
