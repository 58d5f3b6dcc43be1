import { randomUUID } from 'node:crypto';
import type { TaxRule, TaxSettings } from '@tradeport/contract';
import { expect } from 'vitest';
import { categories } from '../../platform/db/schema/index.ts';
import { createTestProduct, type TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';

// Helpers shared by the taxes API tests: a merchant with an Admin, a User, products and
// categories (one a sub-category), through the API where the subject is the API.

export const taxesPath = (merchantId: string) => `/taxes/organisation/${merchantId}`;
export const rulePath = (merchantId: string, ruleId: string) => `${taxesPath(merchantId)}/tax-rule/${ruleId}`;

export function taxesTestKit(app: () => TestApp) {
  const customers = customerTestKit(app);
  const { api } = customers;

  /** 200 (or `status`) and the JSON body, or the test fails showing the body. */
  async function ok<T = Record<string, unknown>>(
    call: Promise<{ statusCode: number; body: string; json(): unknown }>,
    status = 200,
  ) {
    const response = await call;
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  }

  async function category(merchantId: string, name: string, parentId: string | null = null) {
    const [row] = await app()
      .database.db.insert(categories)
      .values({ merchantId, name, parentId })
      .returning();
    return row!;
  }

  /** A merchant, its Admin and a User, three products, a category "Drinks" with "Juice" under it. */
  async function world() {
    const { merchant, admin } = await customers.newMerchant();
    const user = await customers.memberOf(merchant.id, 'User');
    const db = app().database.db;
    const suffix = randomUUID().slice(0, 6);
    const products = [];
    for (const name of ['Cold brew', 'Apple juice', 'Baguette'])
      products.push(await createTestProduct(db, { merchantId: merchant.id, name: `${name} ${suffix}` }));
    const drinks = await category(merchant.id, 'Drinks');
    const juice = await category(merchant.id, 'Juice', drinks.id);
    return { merchantId: merchant.id, admin, user, products, drinks, juice };
  }

  const getSettings = (merchantId: string, headers: Headers) =>
    ok<TaxSettings>(api('GET', taxesPath(merchantId), headers));

  const createRule = (merchantId: string, headers: Headers, body: Record<string, unknown>) =>
    ok<TaxRule>(api('POST', taxesPath(merchantId), headers, body), 201);

  return { ...customers, ok, world, category, getSettings, createRule };
}
