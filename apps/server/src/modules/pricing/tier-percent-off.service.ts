import { MAX_PERCENT_OFF_PRODUCTS, percentToBasisPoints, type setTierPercentOff } from '@tradeport/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { lockGroup } from '../product-groups/groups.queries.ts';
import type { AnyGroupKind } from '../product-groups/group-kind.ts';
import { pricingTierKind } from './pricing-tier-kind.ts';
import {
  isMerchantScope,
  lockScopeProducts,
  type PercentOffScope,
  setScopePricesPercentOff,
} from './tier-percent-off.queries.ts';

type Input = z.output<NonNullable<typeof setTierPercentOff.body>>;

const tooManyProducts = () =>
  new AppError(
    'VALIDATION_ERROR',
    `More than ${MAX_PERCENT_OFF_PRODUCTS.toLocaleString('en-AU')} current products are in this brand or category; price a narrower category, or fewer at a time. Nothing was changed.`,
  );

/**
 * A tier's prices for a brand or category at once. Decision: it sets explicit tier prices for the
 * products in scope now (not archived); a product added to the brand later is at its base price
 * until it is priced, or this is run again. A rule that followed the brand would change prices
 * nobody looked at when a product is added, and every price read would have to resolve it.
 */
export function createTierPercentOffService(deps: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = deps.database;
  const kind = pricingTierKind as unknown as AnyGroupKind;

  return {
    async apply(options: { merchantId: string; tierId: string; input: Input }) {
      const { merchantId, tierId, input } = options;
      const scope: PercentOffScope = input.brand_id
        ? { brandId: input.brand_id }
        : { categoryId: input.category_id! };
      return db.transaction(async (tx) => {
        if (!(await lockGroup(tx, { kind, merchantId, groupId: tierId })))
          throw notFound(pricingTierKind.label);
        if (!(await isMerchantScope(tx, { merchantId, scope }))) {
          throw notFound('brandId' in scope ? 'Brand' : 'Category');
        }
        // Locked first, so a product deleted meanwhile is not written a price it cannot have.
        const productIds = await lockScopeProducts(tx, { merchantId, scope, max: MAX_PERCENT_OFF_PRODUCTS });
        if (productIds.length > MAX_PERCENT_OFF_PRODUCTS) throw tooManyProducts();
        return setScopePricesPercentOff(tx, {
          merchantId,
          tierId,
          scope,
          productIds,
          basisPoints: percentToBasisPoints(input.percent_off),
          now: deps.now(),
        });
      });
    },
  };
}
