import type { BillingFlow } from '@tradeport/contract';
import { scopedKey } from '#lib/query-keys.ts';

/** The billing feature's query keys; each starts with the organisation acted for (DESIGN §5). */
export const billingKeys = {
  all: (organisationId: string | null) => scopedKey(organisationId, 'billing'),
  billing: (organisationId: string | null, flow: BillingFlow) => scopedKey(organisationId, 'billing', flow),
};
