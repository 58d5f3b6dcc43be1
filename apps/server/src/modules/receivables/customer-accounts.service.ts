import {
  type CustomerAccountBalance,
  type CustomerAccountsQuery,
  creditLimitUsedBasisPoints,
  dateInZone,
  isOverCreditLimit,
} from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { type CustomerAccountRow, listCustomerAccountRows } from './customer-accounts.queries.ts';
import { findTimeZone } from './outstanding.queries.ts';

function toBalance(row: CustomerAccountRow): CustomerAccountBalance {
  const balance = { balanceCents: row.balanceCents, creditLimitCents: row.creditLimitCents };
  return {
    id: row.id,
    organisation_id: row.organisationId,
    name: row.name,
    archived: row.archivedAt !== null,
    is_payments_enabled: row.isPaymentsEnabled,
    is_overdue_reminders_enabled: row.isOverdueRemindersEnabled,
    balance_cents: row.balanceCents,
    outstanding_count: row.outstandingCount,
    overdue_cents: row.overdueCents,
    available_credit_cents: row.availableCreditCents,
    credit_limit_cents: row.creditLimitCents,
    credit_limit_used_basis_points: creditLimitUsedBasisPoints(balance),
    is_over_credit_limit: isOverCreditLimit(balance),
  };
}

/** Customer Accounts (merchant only): each customer's balance, overdue amount and credit. */
export function createCustomerAccountsService(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;

  return {
    async list(options: { merchantId: string; query: z.output<typeof CustomerAccountsQuery> }) {
      const timeZone = await findTimeZone(db, options.merchantId);
      if (!timeZone) throw notFound('Organisation');
      const today = dateInZone(deps.now(), timeZone);
      const { rows, nextCursor } = await listCustomerAccountRows(db, {
        merchantId: options.merchantId,
        today,
        ...options.query,
      });
      return { items: rows.map(toBalance), next_cursor: nextCursor, as_of: today };
    },
  };
}
