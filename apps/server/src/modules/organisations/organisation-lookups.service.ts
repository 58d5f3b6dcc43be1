import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import { findMerchantBySlug, findOrganisationSettings } from './organisation-lookups.queries.ts';

/** Small reads about an organisation: its feature settings, and a merchant's public face. */
export function createOrganisationLookups({ database: { db } }: Pick<AppDeps, 'database'>) {
  return {
    async getSettings(organisationId: string) {
      const settings = await findOrganisationSettings(db, organisationId);
      if (!settings) throw notFound('Organisation');
      return settings;
    },
    async getMerchantBySlug(slug: string) {
      const merchant = await findMerchantBySlug(db, slug);
      if (!merchant) throw notFound('Merchant');
      return merchant;
    },
  };
}
