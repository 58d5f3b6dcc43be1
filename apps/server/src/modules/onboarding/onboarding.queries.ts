import type { OnboardingStep } from '@tradeport/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

// Whether each onboarding step's data exists, in one statement of short-circuiting EXISTS probes,
// each on an index that starts with the merchant's id (products_merchant_name_idx,
// customer_accounts' merchant key, shipping_methods' merchant key, memberships_organisation_idx,
// invitations_pending_key, and the one-row merchant_subscriptions and stripe_accounts).

export async function findOnboardingSteps(
  db: Db,
  options: { merchantId: string },
): Promise<Record<OnboardingStep, boolean>> {
  const { merchantId } = options;
  const result = await db.execute(sql`
    select
      (o.abn is not null and o.address_line1 is not null and o.image is not null) as details,
      exists (select 1 from products where merchant_id = o.id and archived_at is null) as product,
      exists (select 1 from customer_accounts
        where merchant_id = o.id and not is_house_account and archived_at is null) as customer,
      exists (select 1 from shipping_methods where merchant_id = o.id and is_active) as delivery,
      (o.bank_account_number is not null
        or exists (select 1 from stripe_accounts where merchant_id = o.id and is_charges_enabled)) as payments,
      ((select count(*) from (select 1 from memberships where organisation_id = o.id limit 2) as two) > 1
        or exists (select 1 from invitations
          where organisation_id = o.id and revoked_at is null and declined_at is null)) as colleague,
      exists (select 1 from merchant_subscriptions
        where merchant_id = o.id and status in ('ACTIVE', 'PAST_DUE', 'CANCELLING')) as plan
    from organisations o
    where o.id = ${merchantId}`);
  const [row] = (result as unknown as { rows: Record<string, boolean>[] }).rows;
  return {
    DETAILS: row?.details === true,
    PRODUCT: row?.product === true,
    CUSTOMER: row?.customer === true,
    DELIVERY: row?.delivery === true,
    PAYMENTS: row?.payments === true,
    COLLEAGUE: row?.colleague === true,
    PLAN: row?.plan === true,
  };
}
