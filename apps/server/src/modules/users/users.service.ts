import { type CurrentUser, selectOrganisation } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { AccessQueries } from '../../platform/tenancy/membership.queries.ts';
import {
  prepareCustomerMerchant,
  preparePendingInvitations,
  prepareUserWithOrganisations,
} from './users.queries.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The house customer a merchant member is viewing the portal as (customer view), as one more
 * membership at User level: undefined when the cookie names nothing the person may view.
 */
async function customerViewMembership(
  findCustomerView: AccessQueries['findCustomerView'],
  options: { userId: string; customerViewId?: string },
) {
  if (!options.customerViewId) return undefined;
  const view = await findCustomerView({ userId: options.userId, organisationId: options.customerViewId });
  if (!view) return undefined;
  const { organisation } = view;
  return {
    merchantId: view.merchantId,
    membership: {
      ...organisation,
      kind: organisation.kind,
      level: 'User' as const,
      active: true,
      invitationAccepted: true,
    },
  };
}

export function createUsersService(
  { database: { db } }: Pick<AppDeps, 'database'>,
  { findCustomerView }: Pick<AccessQueries, 'findCustomerView'>,
) {
  const userWithOrganisations = prepareUserWithOrganisations(db);
  const customerMerchant = prepareCustomerMerchant(db);
  const pendingInvitations = preparePendingInvitations(db);

  return {
    /** SPEC §3 "Current user", seen from `requestedOrganisationId` when usable (SPEC §4). */
    async getCurrentUser(options: {
      userId: string;
      requestedOrganisationId?: string;
      /** The house customer the impersonation cookie names, if any. */
      customerViewId?: string;
    }): Promise<CurrentUser> {
      const rows = await userWithOrganisations.execute({ userId: options.userId });
      const person = rows[0];
      // A valid token for a deleted user: the session is over.
      if (!person) throw unauthorized();

      const view = await customerViewMembership(findCustomerView, options);
      // A person with no memberships comes back as one row whose organisation columns are all null.
      const ownMemberships = rows.flatMap(({ organisation: o }) =>
        o?.id && o.title !== null && o.kind && o.level && o.invitationAccepted !== null
          ? [
              {
                ...o,
                id: o.id,
                title: o.title,
                kind: o.kind,
                level: o.level,
                invitationAccepted: o.invitationAccepted,
              },
            ]
          : [],
      );
      const memberships = view ? [...ownMemberships, view.membership] : ownMemberships;
      // Invitations go to an email, so an account that has not proven it owns the address
      // (anyone can sign up with anyone's email) does not see them.
      const invited = person.emailVerified ? await pendingInvitations.execute({ email: person.email }) : [];
      const listed = [
        ...memberships.map((o) => ({
          id: o.id,
          title: o.title,
          active: o.active,
          invitation_accepted: o.invitationAccepted,
          user_level: o.level,
        })),
        // SPEC §4: pending invitations show as organisations whose invitation is not accepted.
        ...invited
          .filter((invitation) => !memberships.some((o) => o.id === invitation.organisationId && o.active))
          .map((invitation) => ({
            id: invitation.organisationId,
            title: invitation.organisationTitle,
            active: true,
            invitation_accepted: false,
            user_level: invitation.level,
          })),
      ];
      const chosenId = selectOrganisation(listed, options.requestedOrganisationId)?.id;
      const current = memberships.find((o) => o.id === chosenId);
      const isCustomer = current?.kind === 'CUSTOMER';
      const account = isCustomer
        ? (await customerMerchant.execute({ customerOrganisationId: current.id }))[0]
        : undefined;

      return {
        id: person.userId,
        title: person.name,
        is_merchant: current?.kind === 'MERCHANT',
        image: person.image,
        settings: {
          payments_enabled: current?.paymentsEnabled ?? false,
          advanced_tax_enabled: current?.advancedTaxEnabled ?? false,
        },
        customer: isCustomer
          ? { payment_settings: { is_payments_enabled: account?.isPaymentsEnabled ?? false } }
          : null,
        merchant: account ? { title: account.merchantTitle, image: account.merchantImage } : null,
        trial_end: iso(current?.trialEnd ?? null),
        deactivate_date: iso(current?.deactivateDate ?? null),
        payment_failed_date: iso(current?.paymentFailedDate ?? null),
        organisations: listed,
        customer_view: view
          ? { merchant_id: view.merchantId, customer_organisation_id: view.membership.id }
          : null,
      };
    },
  };
}
