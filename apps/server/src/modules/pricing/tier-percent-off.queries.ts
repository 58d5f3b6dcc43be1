import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { brands, categories, products, tierPrices } from '../../platform/db/schema/index.ts';

/** Whose current products a percentage off applies to: a brand's, or a category's with its sub-categories'. */
export type PercentOffScope = { brandId: string } | { categoryId: string };

/** True when the brand or category is the merchant's (another merchant's answers 404). */
export async function isMerchantScope(db: Db, options: { merchantId: string; scope: PercentOffScope }) {
  const { merchantId, scope } = options;
  const table = 'brandId' in scope ? brands : categories;
  const id = 'brandId' in scope ? scope.brandId : scope.categoryId;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.merchantId, merchantId), eq(table.id, id)));
  return row !== undefined;
}

/** The products in scope that are not archived: conditions on products, after `withScope`. */
function scopeConditions(merchantId: string, scope: PercentOffScope) {
  const inScope =
    'brandId' in scope
      ? sql`${products.brandId} = ${scope.brandId}`
      : sql`${products.categoryId} in (select id from scope_categories)`;
  // The category and its sub-categories, a recursive query the statement starts with.
  const withScope =
    'categoryId' in scope
      ? sql`with recursive scope_categories(id) as (
          select ${categories.id} from ${categories}
            where ${categories.merchantId} = ${merchantId} and ${categories.id} = ${scope.categoryId}
          union all
          select c.id from ${categories} c join scope_categories s on c.parent_id = s.id
            where c.merchant_id = ${merchantId}
        )`
      : sql``;
  const current = sql`${products.merchantId} = ${merchantId} and ${products.archivedAt} is null and ${inScope}`;
  return { withScope, current };
}

/**
 * Locks the current products in scope against a concurrent delete (`for key share`, as group
 * members are), at most `max + 1` of them so a caller can tell "more than max" and refuse, and
 * answers their ids: the tier prices written next still have their products.
 */
export async function lockScopeProducts(
  tx: Db,
  options: { merchantId: string; scope: PercentOffScope; max: number },
): Promise<string[]> {
  const { withScope, current } = scopeConditions(options.merchantId, options.scope);
  const result = (await tx.execute(sql`
    ${withScope}
    select ${products.id} as id from ${products}
    where ${current}
    limit ${sql.raw(String(options.max + 1))}
    for key share of ${sql.identifier('products')}
  `)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/**
 * One statement: every product locked (lockScopeProducts) and still in scope gets the tier price
 * `base × (10 000 − basisPoints) / 10 000`, half-up to the cent in integers — the contract's
 * percentOffCents, which the tests hold it to. An upsert that leaves equal prices alone, so
 * `changed` counts only prices that moved and running it twice changes nothing.
 */
export async function setScopePricesPercentOff(
  tx: Db,
  options: {
    merchantId: string;
    tierId: string;
    scope: PercentOffScope;
    productIds: readonly string[];
    basisPoints: number;
    now: Date;
  },
): Promise<{ matched: number; changed: number }> {
  const { merchantId, tierId, scope, now } = options;
  if (options.productIds.length === 0) return { matched: 0, changed: 0 };
  const keep = 10_000 - options.basisPoints;
  const { withScope, current } = scopeConditions(merchantId, scope);
  const locked = sql.join(
    options.productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const at = now.toISOString();
  const result = (await tx.execute(sql`
    ${withScope}${'categoryId' in scope ? sql`,` : sql`with`}
    priced as (
      select ${products.id} as product_id,
        (${products.basePriceCents} * ${keep}::bigint + 5000) / 10000 as price_cents
      from ${products}
      where ${current} and ${products.id} in (${locked})
    ),
    written as (
      insert into ${tierPrices} (merchant_id, tier_id, product_id, price_cents, created_at, updated_at)
      select ${merchantId}::uuid, ${tierId}::uuid, product_id, price_cents, ${at}::timestamptz, ${at}::timestamptz
      from priced
      on conflict (tier_id, product_id) do update
        set price_cents = excluded.price_cents, updated_at = excluded.updated_at
        where ${tierPrices.priceCents} <> excluded.price_cents
      returning 1
    )
    select (select count(*) from priced)::int as matched, (select count(*) from written)::int as changed
  `)) as unknown as { rows: { matched: number; changed: number }[] };
  const [row] = result.rows;
  return { matched: Number(row?.matched ?? 0), changed: Number(row?.changed ?? 0) };
}
