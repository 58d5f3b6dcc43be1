import { randomUUID } from 'node:crypto';
import {
  buildPath,
  createBrand,
  createCategory,
  createCustomer,
  createSupplier,
  createShippingMethod,
  createUnitOfMeasure,
  type Endpoint,
  IDEMPOTENCY_KEY_HEADER,
  issueCredit,
  recordPayment,
  inviteUser,
  createTaxRule,
  pricingTierEndpoints,
  type RecordKind,
  visibilityGroupEndpoints,
} from '@tradeport/contract';
import { eq, sql } from 'drizzle-orm';
import { accountingSyncRecords, organisations, paymentLinks } from '../../platform/db/schema/index.ts';
import { expect } from 'vitest';
import { createTestProduct, type TestApp } from '../../testing/index.ts';
import { customerTestKit, details, type Headers } from '../customers/customers.testing.ts';
import { createTestOrder } from '../orders/orders.testing.ts';

/** One id of each record kind: what the generated access test fills paths and queries with. */
/** Kinds declared in the contract whose endpoints are not registered yet (issue 10's, as they land). */
type PendingKind = never;

/** One id of each kind of record, owned by one tenant; valueFor refuses a kind the world lacks. */
export type World = Record<Exclude<RecordKind, PendingKind>, string> & Partial<Record<PendingKind, string>>;

export type Role = {
  name: string;
  headers: Headers;
  /** The organisation the person belongs to, and how. */
  own: { organisationId: string; kind: 'MERCHANT' | 'CUSTOMER'; level: 'Admin' | 'User' };
};

/** A merchant with one record of every kind, a customer, and an open invitation. */
export function worldKit(app: () => TestApp) {
  const { api, newMerchant, memberOf } = customerTestKit(app);

  async function create(endpoint: Endpoint, options: { headers: Headers; merchantId: string; body: object }) {
    const response = await api(
      endpoint.method as 'POST',
      buildPath(endpoint.path, { id: options.merchantId }),
      options.headers,
      options.body,
    );
    expect(response.statusCode, `${endpoint.path}: ${response.body}`).toBe(endpoint.status ?? 200);
    return (response.json() as { id: string }).id;
  }

  async function customerOf(merchant: { id: string; headers: Headers }, title: string) {
    const response = await api(
      'POST',
      buildPath(createCustomer.path, { id: merchant.id }),
      merchant.headers,
      {
        ...details({ title }),
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const customer = response.json() as { id: string; organisation_id: string };
    const person = await memberOf(customer.organisation_id, 'Admin');
    const invitation = await create(inviteUser, {
      headers: person.headers,
      merchantId: customer.organisation_id,
      body: { email: `invited-${customer.id}@example.test`, user_level: 'User' },
    });
    return { ...customer, person, invitation };
  }

  async function insertPaymentLink(options: { merchantId: string; customerAccountId: string }) {
    const [link] = await app()
      .database.db.insert(paymentLinks)
      .values({
        ...options,
        tokenHash: `test-${crypto.randomUUID()}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: paymentLinks.id });
    return link!.id;
  }

  /** An order's invoice as the accounting sync would record it (no provider is connected here). */
  async function insertSyncRecord(options: { merchantId: string; orderId: string }) {
    const [record] = await app()
      .database.db.insert(accountingSyncRecords)
      .values({
        merchantId: options.merchantId,
        provider: 'xero',
        kind: 'INVOICE',
        sourceId: options.orderId,
      })
      .returning({ id: accountingSyncRecords.id });
    return record!.id;
  }

  async function merchantWorld(title: string) {
    const { merchant, admin } = await newMerchant(title);
    const headers = admin.headers;
    const on = (endpoint: Endpoint, body: object) =>
      create(endpoint, { headers, merchantId: merchant.id, body });
    const customer = await customerOf({ id: merchant.id, headers }, `${title} Customer`);
    const { db } = app().database;
    const product = await createTestProduct(db, { merchantId: merchant.id });
    const order = await createTestOrder(db, {
      merchantId: merchant.id,
      customerAccountId: customer.id,
      lines: [{ productId: product.id, quantity: 2 }],
    });
    // Payments are switched on for the merchant (no endpoint does it yet), so its payments and
    // credits can be made through the API.
    await db.update(organisations).set({ paymentsEnabled: true }).where(eq(organisations.id, merchant.id));
    const withKey = { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() };
    const world: World = {
      organisation: merchant.id,
      merchant: merchant.id,
      'customer organisation': customer.organisation_id,
      customer: customer.id,
      user: admin.user.id,
      invitation: await on(inviteUser, { email: `invited-${merchant.id}@example.test`, user_level: 'User' }),
      product: product.id,
      brand: await on(createBrand, { name: 'Brand' }),
      supplier: await on(createSupplier, { name: 'Supplier' }),
      'unit of measure': await on(createUnitOfMeasure, { name: 'Each', abbreviation: 'ea' }),
      category: await on(createCategory, { name: 'Category' }),
      'pricing tier': await on(pricingTierEndpoints.create, { name: 'Tier' }),
      'visibility group': await on(visibilityGroupEndpoints.create, { name: 'Group' }),
      order: order.id,
      'shipping method': await on(createShippingMethod, { name: 'Delivery', kind: 'DELIVERY' }),
      'tax rule': await on(createTaxRule, { name: 'Tax rule', rate_basis_points: 500 }),
      // Made through the API only once Stripe is connected, which this world has no keys for.
      'payment link': await insertPaymentLink({ merchantId: merchant.id, customerAccountId: customer.id }),
      payment: await create(recordPayment, {
        headers: withKey,
        merchantId: merchant.id,
        body: {
          customer_organisation_id: customer.organisation_id,
          method: 'BANK_TRANSFER',
          amount_cents: 100,
          paid_on: '2026-01-05',
          allocations: [{ order_id: order.id, amount_cents: 100 }],
        },
      }),
      credit: await create(issueCredit, {
        headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        merchantId: merchant.id,
        body: { customer_organisation_id: customer.organisation_id, amount_cents: 500, reason: 'Goodwill' },
      }),
      'accounting sync record': await insertSyncRecord({ merchantId: merchant.id, orderId: order.id }),
    };
    return { merchant, admin, customer, product, world };
  }

  /** Merchant A with its three roles and two customers; merchant B, whose ids A must not reach. */
  async function build() {
    const a = await merchantWorld('Merchant A');
    const b = await merchantWorld('Merchant B');
    const c = await customerOf({ id: a.merchant.id, headers: a.admin.headers }, 'Customer C');
    const merchantUser = await memberOf(a.merchant.id, 'User');
    const roles: Role[] = [
      {
        name: 'merchant Admin',
        headers: a.admin.headers,
        own: { organisationId: a.merchant.id, kind: 'MERCHANT', level: 'Admin' },
      },
      {
        name: 'merchant User',
        headers: merchantUser.headers,
        own: { organisationId: a.merchant.id, kind: 'MERCHANT', level: 'User' },
      },
      {
        name: 'customer',
        headers: a.customer.person.headers,
        own: { organisationId: a.customer.organisation_id, kind: 'CUSTOMER', level: 'Admin' },
      },
    ];
    // Customer C of the same merchant: its own ids, and merchant A's for what a customer does not own.
    const orderOfC = await createTestOrder(app().database.db, {
      merchantId: a.merchant.id,
      customerAccountId: c.id,
      lines: [{ productId: a.product.id, quantity: 1 }],
    });
    const customerC: World = {
      ...a.world,
      order: orderOfC.id,
      organisation: c.organisation_id,
      'customer organisation': c.organisation_id,
      customer: c.id,
      user: c.person.user.id,
      invitation: c.invitation,
    };
    return { roles, merchantB: b.world, customerC };
  }

  return { build };
}

// The mail worker delivers queued mail while the test runs: what was queued is the request's
// doing, how far delivery got is not.
const DELIVERY_COLUMNS: Record<string, string[]> = { mail_outbox: ['attempts', 'last_error', 'sent_at'] };

/** A digest of every row of every table, to show a refused call changed nothing anywhere. */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const { db } = t.database;
  // Both drivers answer raw SQL with `{ rows }`.
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const skipped = sql.raw(`'{${(DELIVERY_COLUMNS[name] ?? []).join(',')}}'::text[]`);
    const row = sql`(to_jsonb(t) - ${skipped})::text`;
    const [result] = await rowsOf<{ digest: string }>(
      sql`select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from ${sql.identifier(name)} t`,
    );
    digests[name] = result!.digest;
  }
  return digests;
}
