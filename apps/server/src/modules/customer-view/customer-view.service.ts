import type { CustomerView } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { recordAuditEvent } from '../../platform/audit/audit-events.queries.ts';
import { notFound } from '../../platform/errors.ts';
import { findHouseAccount } from '../customers/customers.queries.ts';

export const CUSTOMER_VIEW_ENTERED = 'customer_view.entered';
export const CUSTOMER_VIEW_LEFT = 'customer_view.left';

export function createCustomerViewService({ database: { db } }: Pick<AppDeps, 'database'>) {
  /** The merchant's house customer, whose portal its members view; every merchant has one. */
  async function houseView(merchantId: string): Promise<CustomerView> {
    const house = await findHouseAccount(db, merchantId);
    if (!house) throw notFound('House account');
    return { merchant_id: merchantId, customer_organisation_id: house.account.customerOrganisationId };
  }

  return {
    /** Enters customer view, logged with who: the caller sets the impersonation cookie. */
    async enter(options: { userId: string; merchantId: string }) {
      const view = await houseView(options.merchantId);
      await recordAuditEvent(db, {
        organisationId: options.merchantId,
        userId: options.userId,
        action: CUSTOMER_VIEW_ENTERED,
        details: { customer_organisation_id: view.customer_organisation_id },
      });
      return view;
    },
    /** Leaves customer view, logged with who: the caller clears the cookie. */
    async leave(options: { userId: string; merchantId: string }) {
      const view = await houseView(options.merchantId);
      await recordAuditEvent(db, {
        organisationId: options.merchantId,
        userId: options.userId,
        action: CUSTOMER_VIEW_LEFT,
        details: { customer_organisation_id: view.customer_organisation_id },
      });
      return view;
    },
  };
}
