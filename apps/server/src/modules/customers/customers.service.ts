import { randomUUID } from 'node:crypto';
import type { CustomerPaymentSettings, CustomerPaymentSettingsInput } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { detailsToColumns } from '../organisations/organisations.mapping.ts';
import { createInvitation } from '../people/invitations.service.ts';
import {
  findCustomer,
  findHouseAccount,
  insertCustomer,
  type InvitationRow,
  listCustomerPeople,
  listOpenCustomerInvitations,
  toCustomer,
  updateCustomerDetails,
  updateCustomerSettings,
} from './customers.queries.ts';

type DetailsInput = Parameters<typeof detailsToColumns>[0];

const DEFAULT_PAYMENT_SETTINGS: CustomerPaymentSettings = {
  is_payments_enabled: false,
  payment_terms_days: 14,
  credit_limit_cents: null,
  is_tax_exempt: false,
  is_overdue_reminders_enabled: true,
};

/** Settings a new customer gets anyway: sending them sets nothing, so anyone who may add a customer may. */
export const isDefaultPaymentSettings = (settings: CustomerPaymentSettingsInput) =>
  settings.is_payments_enabled === DEFAULT_PAYMENT_SETTINGS.is_payments_enabled &&
  settings.payment_terms_days === DEFAULT_PAYMENT_SETTINGS.payment_terms_days &&
  settings.credit_limit_cents === DEFAULT_PAYMENT_SETTINGS.credit_limit_cents &&
  (settings.is_tax_exempt ?? DEFAULT_PAYMENT_SETTINGS.is_tax_exempt) ===
    DEFAULT_PAYMENT_SETTINGS.is_tax_exempt &&
  (settings.is_overdue_reminders_enabled ?? DEFAULT_PAYMENT_SETTINGS.is_overdue_reminders_enabled) ===
    DEFAULT_PAYMENT_SETTINGS.is_overdue_reminders_enabled;

// A left-out exemption or reminder switch is no column at all, so the update keeps what is stored.
const settingsToColumns = (settings: CustomerPaymentSettingsInput) => ({
  isPaymentsEnabled: settings.is_payments_enabled,
  paymentTermsDays: settings.payment_terms_days,
  creditLimitCents: settings.credit_limit_cents,
  ...(settings.is_tax_exempt === undefined ? {} : { isTaxExempt: settings.is_tax_exempt }),
  ...(settings.is_overdue_reminders_enabled === undefined
    ? {}
    : { isOverdueRemindersEnabled: settings.is_overdue_reminders_enabled }),
});

/** A slug nobody will type: customers sign in through their merchant's page, not their own. */
const customerSlug = (title: string) =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'customer'
  }-${randomUUID().slice(0, 8)}`;

/** Someone invited to a customer organisation who has not accepted yet. */
const toInvitedPerson = (invitation: InvitationRow) => ({
  user_id: null,
  invitation_id: invitation.id,
  name: null,
  email: invitation.email,
  user_level: invitation.level,
  status: 'INVITED' as const,
});

export function createCustomersService(deps: Pick<AppDeps, 'database' | 'now' | 'mail' | 'config'>) {
  const { db } = deps.database;

  async function mustFind(merchantId: string, customerId: string) {
    const row = await findCustomer(db, { merchantId, customerId });
    if (!row) throw notFound('Customer');
    return row;
  }

  return {
    get: async (merchantId: string, customerId: string) => toCustomer(await mustFind(merchantId, customerId)),

    async getHouseAccount(merchantId: string) {
      const row = await findHouseAccount(db, merchantId);
      if (!row) throw notFound('House account');
      return toCustomer(row);
    },

    /** The customer organisation, its account with the merchant and, optionally, its first person's invitation. */
    async create(options: {
      merchantId: string;
      details: DetailsInput;
      paymentSettings?: CustomerPaymentSettingsInput;
      inviteEmail?: string | null;
      invitedBy: { id: string; name: string };
    }) {
      const now = deps.now();
      const accountId = await db.transaction(async (tx) => {
        const { accountId: id, organisationId } = await insertCustomer(tx, {
          merchantId: options.merchantId,
          slug: customerSlug(options.details.title),
          details: detailsToColumns(options.details),
          settings: settingsToColumns(options.paymentSettings ?? DEFAULT_PAYMENT_SETTINGS),
        });
        if (options.inviteEmail) {
          await createInvitation({
            tx,
            deps,
            organisationId,
            email: options.inviteEmail,
            level: 'Admin',
            invitedBy: options.invitedBy,
            now,
          });
        }
        return id;
      });
      return toCustomer(await mustFind(options.merchantId, accountId));
    },

    /** Details and archived state, guarded by the version the editor read. */
    async update(options: {
      merchantId: string;
      customerId: string;
      details: DetailsInput;
      archived: boolean;
      version: number;
    }) {
      const current = await mustFind(options.merchantId, options.customerId);
      if (options.archived && current.account.isHouseAccount) {
        throw new AppError('CONFLICT', 'The house account cannot be archived.');
      }
      const now = deps.now();
      const saved = await updateCustomerDetails(db, {
        customerId: options.customerId,
        organisationId: current.organisation.id,
        details: detailsToColumns(options.details),
        archivedAt: options.archived ? (current.account.archivedAt ?? now) : null,
        version: options.version,
        now,
      });
      if (!saved) {
        throw new AppError(
          'CONFLICT',
          'Someone else changed this customer since you opened it. Reload to see their changes.',
        );
      }
      return toCustomer(await mustFind(options.merchantId, options.customerId));
    },

    getSettings: async (merchantId: string, customerId: string) =>
      toCustomer(await mustFind(merchantId, customerId)).payment_settings,

    async updateSettings(options: {
      merchantId: string;
      customerId: string;
      settings: CustomerPaymentSettingsInput;
    }): Promise<CustomerPaymentSettings> {
      const updated = await updateCustomerSettings(db, {
        merchantId: options.merchantId,
        customerId: options.customerId,
        settings: settingsToColumns(options.settings),
        now: deps.now(),
      });
      if (!updated) throw notFound('Customer');
      return {
        ...options.settings,
        is_tax_exempt: updated.isTaxExempt,
        is_overdue_reminders_enabled: updated.isOverdueRemindersEnabled,
      };
    },

    /** The customer's people and the invitations still open, for the merchant to see. */
    async listUsers(merchantId: string, customerId: string) {
      const { organisation } = await mustFind(merchantId, customerId);
      const people = await listCustomerPeople(db, organisation.id);
      const open = await listOpenCustomerInvitations(db, {
        organisationId: organisation.id,
        now: deps.now(),
      });
      return [
        ...people.map((person) => ({
          user_id: person.id,
          invitation_id: null,
          name: person.name,
          email: person.email,
          user_level: person.level,
          status: person.active ? ('ACTIVE' as const) : ('INACTIVE' as const),
        })),
        ...open.map(toInvitedPerson),
      ];
    },

    async inviteUser(options: {
      merchantId: string;
      customerId: string;
      email: string;
      level: 'Admin' | 'User';
      invitedBy: { id: string; name: string };
    }) {
      const { organisation } = await mustFind(options.merchantId, options.customerId);
      const invitation = await db.transaction((tx) =>
        createInvitation({
          tx,
          deps,
          organisationId: organisation.id,
          email: options.email,
          level: options.level,
          invitedBy: options.invitedBy,
          now: deps.now(),
        }),
      );
      return toInvitedPerson(invitation);
    },
  };
}
