import type { OrganisationSettingsInput } from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { setMerchantSettings } from './organisation-settings.queries.ts';

/**
 * A merchant's feature switches. What payments being off means to payments, credits and card
 * payments is theirs to enforce (assertPaymentsEnabled); this only records the choice.
 */
export function createOrganisationSettings(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;
  return {
    async update(options: { merchantId: string; input: z.output<typeof OrganisationSettingsInput> }) {
      const settings = await setMerchantSettings(db, {
        merchantId: options.merchantId,
        paymentsEnabled: options.input.payments_enabled,
        advancedTaxEnabled: options.input.advanced_tax_enabled,
        now: deps.now(),
      });
      if (!settings) throw notFound('Organisation');
      return settings;
    },
  };
}
