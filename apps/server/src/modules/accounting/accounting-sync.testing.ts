import { randomUUID } from 'node:crypto';
import {
  type AccountingBooks,
  type AccountingMapping,
  type AccountingProvider,
  type AccountingSyncHealth,
  IDEMPOTENCY_KEY_HEADER,
  type Order,
} from '@tradeport/contract';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { accountingSyncRecords, organisations } from '../../platform/db/schema/index.ts';
import { cartTestKit } from '../cart/cart.testing.ts';
import type { Headers } from '../customers/customers.testing.ts';
import { accountingKit, type AccountingWorld } from './accounting.testing.ts';
import { createAccountingSync } from './accounting-sync.service.ts';

// Helpers shared by the sync's API tests, whichever the provider: a shop connected to books of its
// own at the stand-in and mapped, orders placed and payments recorded through the API, and the
// sync's records, queued jobs and health panel read back.

/** The QuickBooks stand-in's AU company: accounts and tax codes by their Id, as QuickBooks names them. */
export const QUICKBOOKS_MAPPING: AccountingMapping = {
  sales_account_code: '1', // 4-1000 Sales
  freight_account_code: '2', // 4-2000 Other Income
  surcharge_account_code: '2',
  payment_account_codes: { BANK_TRANSFER: '3', STRIPE_CARD: '4' }, // the bank, card clearing
  gst_tax_id: '10', // GST
  gst_free_tax_id: '4', // FRE
  push_on: 'ON_PLACING',
};

/**
 * The MYOB stand-in's company file: accounts by DisplayID; tax codes by UID, which each new file
 * makes its own, so read from its books as the settings screen lists them.
 */
export function myobMappingOf(books: AccountingBooks): AccountingMapping {
  const taxId = (code: string) => books.tax_rates.find((rate) => rate.name.startsWith(`${code} `))!.id;
  return {
    sales_account_code: '4-1000', // Sales income
    freight_account_code: '4-2000', // Other income
    surcharge_account_code: '4-2000',
    payment_account_codes: { BANK_TRANSFER: '1-1110', STRIPE_CARD: '1-1120' }, // the bank, card clearing
    gst_tax_id: taxId('GST'),
    gst_free_tax_id: taxId('FRE'),
    push_on: 'ON_PLACING',
  };
}

/** The mapping, or how to make it from the books as the settings screen lists them. */
export type MappingOf = AccountingMapping | ((books: AccountingBooks) => AccountingMapping);

export function syncKit<P extends AccountingProvider>(world: () => AccountingWorld<P>, mappingOf: MappingOf) {
  const kit = accountingKit(world);
  const cart = cartTestKit(() => world().t);
  const db = () => world().t.database.db;
  const sync = () => createAccountingSync(world().t.deps);

  /**
   * A shop (two customers, products, a $10 delivery) whose Admin connected books of its own at
   * the stand-in (each test's books to itself, with its own limits) and mapped them.
   */
  async function connectedShop(mapping: Partial<AccountingMapping> = {}) {
    const shop = await cart.shop();
    const booksId = world().newBooks();
    const { code, state, realm_id } = await kit.consent(shop.merchantId, shop.admin.headers);
    const done = await kit.complete(shop.merchantId, shop.admin.headers, { code, state, realm_id });
    expect(done.statusCode, done.body).toBe(200);
    let base: AccountingMapping;
    if (typeof mappingOf === 'function') {
      const books = await kit.api('GET', `${kit.settings(shop.merchantId)}/books`, shop.admin.headers);
      expect(books.statusCode, books.body).toBe(200);
      base = mappingOf(books.json<AccountingBooks>());
    } else {
      base = mappingOf;
    }
    const saved = await kit.api('PUT', kit.settings(shop.merchantId), shop.admin.headers, {
      ...base,
      ...mapping,
      version: done.json<{ version: number }>().version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await db()
      .update(organisations)
      .set({ paymentsEnabled: true })
      .where(eq(organisations.id, shop.merchantId));
    const place = (quantity = 2) =>
      cart.placeOrderOf({
        merchantId: shop.merchantId,
        side: shop.alpha,
        productId: shop.coffee.id,
        quantity,
        methodId: shop.method.id,
      });
    return { ...shop, booksId, mapping: { ...base, ...mapping }, place };
  }

  type Shop = Awaited<ReturnType<typeof connectedShop>>;

  const recordsOf = (merchantId: string) =>
    db().select().from(accountingSyncRecords).where(eq(accountingSyncRecords.merchantId, merchantId));

  async function recordOf(merchantId: string, sourceId: string) {
    const [record] = await db()
      .select()
      .from(accountingSyncRecords)
      .where(
        and(eq(accountingSyncRecords.merchantId, merchantId), eq(accountingSyncRecords.sourceId, sourceId)),
      );
    return record!;
  }

  /** Sends the record of an order, payment or credit as its job would. */
  const send = async (merchantId: string, sourceId: string) =>
    sync().run((await recordOf(merchantId, sourceId)).id);

  /** The accounting.sync jobs queued for a record (by its transaction). */
  async function queuedJobs(recordId: string) {
    const result = (await db().execute(
      sql`select data, start_after from pgboss.job where name = 'accounting.sync' and data->>'record_id' = ${recordId}`,
    )) as unknown as { rows: { data: unknown; start_after: Date }[] };
    return result.rows;
  }

  async function health(merchantId: string, headers: Headers, query = '') {
    const response = await kit.api('GET', `${kit.settings(merchantId)}/sync${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AccountingSyncHealth>();
  }

  const retry = (merchantId: string, headers: Headers, recordId: string) =>
    kit.api('POST', `${kit.settings(merchantId)}/sync/${recordId}/retry`, headers);

  /** A bank transfer by the shop's first customer, paying `cents` of the order. */
  async function recordPayment(shop: Shop, order: Order, cents: number) {
    const response = await kit.api(
      'POST',
      `/payments/organisation/${shop.merchantId}`,
      { ...shop.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      {
        customer_organisation_id: shop.alpha.organisationId,
        method: 'BANK_TRANSFER',
        amount_cents: cents,
        paid_on: '2026-11-20',
        reference: 'EFT 4411',
        allocations: [{ order_id: order.id, amount_cents: cents }],
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>();
  }

  /** Refunds `cents` of a payment, as the payments screen does. */
  async function refund(shop: Shop, paymentId: string, cents: number) {
    const refunded = await kit.api(
      'POST',
      `/payments/organisation/${shop.merchantId}/payment/${paymentId}/refund`,
      { ...shop.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      { amount_cents: cents, reason: 'Damaged box' },
    );
    expect(refunded.statusCode, refunded.body).toBe(201);
  }

  /** A manual credit (no GST) for the shop's first customer, and voiding it. */
  async function goodwillCredit(shop: Shop, cents: number) {
    const issued = await kit.api(
      'POST',
      `/credits/organisation/${shop.merchantId}`,
      { ...shop.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      { customer_organisation_id: shop.alpha.organisationId, amount_cents: cents, reason: 'Goodwill' },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const credit = issued.json<{ id: string }>();
    const voidIt = async () => {
      const voided = await kit.api(
        'POST',
        `/credits/organisation/${shop.merchantId}/credit/${credit.id}/void`,
        shop.admin.headers,
      );
      expect(voided.statusCode, voided.body).toBe(200);
    };
    return { credit, voidIt };
  }

  /** Changes the quantity of the shop's coffee on the order, as the order screen does. */
  async function changeQuantity(shop: Shop, order: Order, quantity: number) {
    const changed = await kit.api(
      'PUT',
      `/orders/${order.id}/product/${shop.coffee.id}`,
      shop.admin.headers,
      {
        version: order.version,
        quantity,
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    return changed.json<Order>();
  }

  /** Moves the order to `status` as the orders screen's bulk action does. */
  async function moveOrder(shop: Shop, orderId: string, status: string) {
    const moved = await kit.api(
      'POST',
      `/orders/organisation/${shop.merchantId}/bulk-update/status/${status}`,
      shop.admin.headers,
      { order_ids: [orderId] },
    );
    expect(moved.statusCode, moved.body).toBe(200);
  }

  /** An adjustment note for one bag of coffee short on the order, then applied to it in full. */
  async function creditOneBag(shop: Shop, order: Order) {
    const note = await kit.api(
      'POST',
      `/credits/organisation/${shop.merchantId}/adjustment-note`,
      { ...shop.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      { order_id: order.id, reason: 'One bag short', lines: [{ product_id: shop.coffee.id, quantity: 1 }] },
    );
    expect(note.statusCode, note.body).toBe(201);
    const credit = note.json<{ id: string; number: number; amount_cents: number }>();
    const apply = async () => {
      const applied = await kit.api(
        'POST',
        `/credits/organisation/${shop.merchantId}/credit/${credit.id}/apply`,
        { ...shop.admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        { allocations: [{ order_id: order.id, amount_cents: credit.amount_cents }] },
      );
      expect(applied.statusCode, applied.body).toBe(201);
      return applied.json<{ id: string }>();
    };
    return { credit, apply };
  }

  return {
    ...kit,
    cart,
    db,
    sync,
    connectedShop,
    recordsOf,
    recordOf,
    send,
    queuedJobs,
    health,
    retry,
    recordPayment,
    refund,
    moveOrder,
    changeQuantity,
    creditOneBag,
    goodwillCredit,
  };
}
