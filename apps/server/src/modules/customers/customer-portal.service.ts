import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { findAccountWithMerchant, listMerchantsOfCustomer } from './customer-portal.queries.ts';

/** The customer side: which merchants a customer organisation orders from, and on what terms. */
export function createCustomerPortalService({ database: { db } }: Pick<AppDeps, 'database'>) {
  return {
    listMerchants: (customerOrganisationId: string) => listMerchantsOfCustomer(db, customerOrganisationId),

    async getAccountWithMerchant(options: { customerOrganisationId: string; merchantId: string }) {
      const row = await findAccountWithMerchant(db, options);
      if (!row) throw notFound('Merchant');
      return {
        merchant: row.merchant,
        customer_id: row.account.id,
        payment_settings: {
          is_payments_enabled: row.account.isPaymentsEnabled,
          payment_terms_days: row.account.paymentTermsDays,
          credit_limit_cents: row.account.creditLimitCents,
          is_tax_exempt: row.account.isTaxExempt,
          is_overdue_reminders_enabled: row.account.isOverdueRemindersEnabled,
        },
      };
    },
  };
}
