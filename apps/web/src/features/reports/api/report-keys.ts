import type { PeriodChoice, SalesGrouping } from '@tradeport/contract';
import { scopedKey } from '#lib/query-keys.ts';

/** Keys start with the organisation id (DESIGN §5), so one organisation's figures never show in another's. */
export const reportKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'reports'),
  sales: (organisationId: string | null, groupBy: SalesGrouping, period: PeriodChoice) =>
    [...reportKeys.all(organisationId), 'sales', groupBy, period] as const,
  gst: (organisationId: string | null, period: PeriodChoice) =>
    [...reportKeys.all(organisationId), 'gst', period] as const,
  payments: (organisationId: string | null, period: PeriodChoice) =>
    [...reportKeys.all(organisationId), 'payments', period] as const,
  aging: (organisationId: string | null) => [...reportKeys.all(organisationId), 'aging'] as const,
};
