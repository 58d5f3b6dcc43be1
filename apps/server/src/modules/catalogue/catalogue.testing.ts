import type { CatalogueProduct } from '@tradeport/contract';
import type { TestApp } from '../../testing/index.ts';
import type { Headers } from '../customers/customers.testing.ts';
import { groupTestKit, type Page } from '../product-groups/product-groups.testing.ts';

/** Helpers for tests that look at the catalogue as a customer does. */
export function catalogueTestKit(app: () => TestApp) {
  const groups = groupTestKit(app);
  const { api } = groups;

  const listUrl = (merchantId: string, customerOrganisationId: string, query: Record<string, string> = {}) =>
    `/products/organisation/${merchantId}/catalogue?${new URLSearchParams({
      customer_organisation_id: customerOrganisationId,
      ...query,
    })}`;
  const productUrl = (productId: string, customerOrganisationId: string) =>
    `/products/${productId}/organisation/${customerOrganisationId}`;

  /** Every product the caller sees as the customer organisation, walking all pages. */
  async function listAll(options: {
    headers: Headers;
    merchantId: string;
    customerOrganisationId: string;
    query?: Record<string, string>;
  }) {
    const seen: CatalogueProduct[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { ...options.query, ...(cursor ? { cursor } : {}) };
      const page: Page<CatalogueProduct> = await groups.ok(
        api('GET', listUrl(options.merchantId, options.customerOrganisationId, query), options.headers),
      );
      seen.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor !== null);
    return seen;
  }

  /** A merchant with products, two customers and a signed-in member of each customer. */
  async function shop(options: { productCount?: number } = {}) {
    const world = await groups.world(options);
    const people = [
      await groups.memberOf(world.accounts[0]!.organisation_id, 'User'),
      await groups.memberOf(world.accounts[1]!.organisation_id, 'Admin'),
    ];
    return {
      ...world,
      customers: world.accounts.map((account, index) => ({ account, headers: people[index]!.headers })),
    };
  }

  return { ...groups, listUrl, productUrl, listAll, shop };
}
