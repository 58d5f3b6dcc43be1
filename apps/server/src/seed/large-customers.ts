import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/db/client.ts';
import { customerAccounts, organisations, visibilityGroupCustomers } from '../platform/db/schema/index.ts';
import { bulkInsert } from './bulk-insert.ts';
import { mix } from './large-catalogue.ts';
import { CUSTOMER_SUBURBS, customerTitle } from './large-words.ts';

export const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/**
 * `count` customer organisations with accounts: 80 % in a tier (round robin), a third in one
 * visibility group and a tenth in a second. Returns customer 0's organisation (tier 1, two groups).
 */
export async function seedCustomers(
  tx: Db,
  options: { merchantId: string; slug: string; count: number; tierIds: string[]; groupIds: string[] },
): Promise<string> {
  const { merchantId, slug, count, tierIds, groupIds } = options;
  const organisationRows = [];
  const accountRows = [];
  const groupRows: (typeof visibilityGroupCustomers.$inferInsert)[] = [];
  for (let c = 0; c < count; c++) {
    const title = customerTitle(c);
    const [suburb, state, postcode] = CUSTOMER_SUBURBS[c % CUSTOMER_SUBURBS.length]!;
    const organisationId = randomUUID();
    const accountId = randomUUID();
    organisationRows.push({
      id: organisationId,
      kind: 'CUSTOMER' as const,
      title,
      slug: `${slugify(title)}-${slug}`,
      contactEmail: `orders@${slugify(title)}.test`,
      phone: `02 9${String(mix(c) % 1000).padStart(3, '0')} ${String(c % 10_000).padStart(4, '0')}`,
      addressLine1: `${1 + (mix(c + 3) % 240)} ${['King', 'Crown', 'Oxford', 'High', 'Station'][c % 5]} Street`,
      suburb,
      state,
      postcode,
    });
    accountRows.push({
      id: accountId,
      merchantId,
      customerOrganisationId: organisationId,
      isPaymentsEnabled: c % 2 === 0,
      paymentTermsDays: [7, 14, 30][c % 3]!,
      creditLimitCents: c % 4 === 0 ? null : 250_000 * (1 + (c % 6)),
      pricingTierId: c % 5 === 4 || tierIds.length === 0 ? null : tierIds[c % tierIds.length]!,
    });
    if (groupIds.length > 0 && c % 3 === 0) {
      const first = Math.floor(c / 3) % groupIds.length;
      groupRows.push({ merchantId, groupId: groupIds[first]!, customerAccountId: accountId });
      const second = (first + 13) % groupIds.length;
      if (c % 10 === 0 && second !== first)
        groupRows.push({ merchantId, groupId: groupIds[second]!, customerAccountId: accountId });
    }
  }
  await bulkInsert(tx, { table: organisations, rows: organisationRows });
  await bulkInsert(tx, { table: customerAccounts, rows: accountRows });
  await bulkInsert(tx, { table: visibilityGroupCustomers, rows: groupRows });
  return organisationRows[0]!.id;
}
