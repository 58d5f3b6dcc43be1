import type { CatalogueProduct, OrderStatus } from '@tradeport/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import {
  customerAccounts,
  orderEvents,
  orders,
  organisations,
  products,
  shippingMethods,
  users,
} from '../platform/db/schema/index.ts';
import { findVisibleProductsForCustomer } from '../modules/catalogue/catalogue.queries.ts';
import { readPricedCart } from '../modules/cart/cart-facts.ts';
import type { CartOwner } from '../modules/cart/cart-owner.ts';
import {
  findCart,
  findOrCreateCart,
  updateCartDetails,
  upsertCartLine,
} from '../modules/cart/cart.queries.ts';
import { writeOrder } from '../modules/cart/place-order.service.ts';

// A few weeks of Harbourside Wholesale's orders, and a few older invoices, so the order screens, the customers' history and
// reorder have something real in them. Each order is placed the way the portal places one: its
// lines go into the account's cart, the cart is priced by the cart's own code (the customer's
// tier price, the taxes' GST rate, the delivery method's fee and first date as of the moment it
// was placed, totals from computeOrderTotals) and written by placing's own writeOrder. Only the
// order.placed job is left out: nobody should be mailed about a demo order. Deterministic: which
// customer, which products, how many and when all follow from the order's index and `now`.

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * A few older invoices, one to four months back, before the recent four weeks: with their payment
 * terms they fall due long ago, so the outstanding list's aging has something in every bucket.
 */
const OLDER_ORDERS = [
  { slug: 'bean-there-cafe', daysAgo: 130 },
  { slug: 'northside-bakery', daysAgo: 100 },
  { slug: 'the-corner-bistro', daysAgo: 82 },
  { slug: 'bean-there-cafe', daysAgo: 68 },
  { slug: 'northside-bakery', daysAgo: 55 },
  { slug: 'the-corner-bistro', daysAgo: 45 },
] as const;
/** The recent run: about one order a day over the last four weeks. */
const RECENT_ORDER_COUNT = 32;
export const DEMO_ORDER_COUNT = OLDER_ORDERS.length + RECENT_ORDER_COUNT;

/** The number of older order `k` (0 the oldest): they are placed first. */
export const olderOrderNumber = (k: number) => k + 1;
/** The number of recent order `j` (0 about four weeks old, the last placed just now). */
export const recentOrderNumber = (j: number) => OLDER_ORDERS.length + j + 1;

/** Saltwater Kitchen and Northside Bakery have nobody on the portal: they phone, the merchant enters. */
const customerOf = (i: number) =>
  i % 10 === 3
    ? 'saltwater-kitchen'
    : i % 10 === 7
      ? 'northside-bakery'
      : i % 2 === 0
        ? 'bean-there-cafe'
        : 'the-corner-bistro';
const PORTAL_USER: Record<string, string> = {
  'bean-there-cafe': 'customer@demo.test',
  'the-corner-bistro': 'bistro@demo.test',
};
const NOTES = [
  'Please leave at the back door if we are closed.',
  'Deliver before 7 am, the kitchen opens at 7.',
  'Call Priya on arrival.',
];

/** Oldest first: recent order 0 is about four weeks old, the last one was placed just now. */
const placedAtOf = (j: number, now: Date) =>
  new Date(now.getTime() - (RECENT_ORDER_COUNT - 1 - j) * 0.85 * DAY_MS - (j % 3) * 2 * HOUR_MS);

/**
 * The i-th order placed: its customer, when, its status by now, and `seed`, the index its
 * products, quantities, delivery, PO number and notes follow from (the recent run's own index).
 */
function planOf(i: number, now: Date): { slug: string; placedAt: Date; status: OrderStatus; seed: number } {
  const older = OLDER_ORDERS[i];
  if (older) {
    const placedAt = new Date(now.getTime() - older.daysAgo * DAY_MS - 3 * HOUR_MS);
    return { slug: older.slug, placedAt, status: 'COMPLETED', seed: RECENT_ORDER_COUNT + 8 + i };
  }
  const j = i - OLDER_ORDERS.length;
  const placedAt = placedAtOf(j, now);
  return { slug: customerOf(j), placedAt, status: statusOf(j, now.getTime() - placedAt.getTime()), seed: j };
}

/** What an order of that age would be by now; a few are held or cancelled. */
function statusOf(i: number, ageMs: number): OrderStatus {
  if (i === 6 || i === 19) return 'CANCELLED';
  if (i === 28) return 'ON_HOLD';
  if (ageMs > 6 * DAY_MS) return 'COMPLETED';
  if (ageMs > 2 * DAY_MS) return 'SHIPPED';
  return 'PROCESSING';
}

/** The status changes from PROCESSING to `status`, each with who made it and how long after placing. */
const MOVES: Record<OrderStatus, { to: OrderStatus; afterHours: number; by: 'admin' | 'staff' }[]> = {
  PROCESSING: [],
  ON_HOLD: [{ to: 'ON_HOLD', afterHours: 2, by: 'admin' }],
  CANCELLED: [{ to: 'CANCELLED', afterHours: 3, by: 'admin' }],
  SHIPPED: [{ to: 'SHIPPED', afterHours: 18, by: 'staff' }],
  COMPLETED: [
    { to: 'SHIPPED', afterHours: 18, by: 'staff' },
    { to: 'COMPLETED', afterHours: 48, by: 'admin' },
  ],
};

/** The smallest quantity the catalogue lets the customer order: the minimum, in whole packs. */
const smallestQuantity = (product: CatalogueProduct) =>
  Math.ceil(product.min_order_quantity / product.pack_size) * product.pack_size;

export async function seedDemoOrders(tx: Db, merchantId: string, now: Date): Promise<void> {
  const people = new Map(
    (
      await tx
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(inArray(users.email, ['merchant@demo.test', 'staff@demo.test', ...Object.values(PORTAL_USER)]))
    ).map((user) => [user.email, user]),
  );
  const person = (email: string) => {
    const found = people.get(email);
    if (!found) throw new Error(`demo orders: no user ${email}`);
    return found;
  };
  const accounts = new Map(
    (
      await tx
        .select({ id: customerAccounts.id, organisationId: organisations.id, slug: organisations.slug })
        .from(customerAccounts)
        .innerJoin(organisations, eq(organisations.id, customerAccounts.customerOrganisationId))
        .where(eq(customerAccounts.merchantId, merchantId))
    ).map((account) => [account.slug, account]),
  );
  const productIds = (
    await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), isNull(products.archivedAt)))
      .orderBy(asc(products.sku))
  ).map((row) => row.id);
  const methods = await tx
    .select({ id: shippingMethods.id, kind: shippingMethods.kind })
    .from(shippingMethods)
    .where(eq(shippingMethods.merchantId, merchantId))
    .orderBy(asc(shippingMethods.name));
  const delivery = methods.find((method) => method.kind === 'DELIVERY');
  const pickUp = methods.find((method) => method.kind === 'PICK_UP');
  if (!delivery || !pickUp) throw new Error('demo orders: need a delivery and a pick-up method');

  // What each account may order, at its prices, by the catalogue's own rule, in SKU order.
  const pools = new Map<string, CatalogueProduct[]>();
  for (const [slug, account] of accounts) {
    const visible = await findVisibleProductsForCustomer(tx, {
      merchantId,
      customerAccountId: account.id,
      productIds,
    });
    pools.set(
      slug,
      productIds.flatMap((id) => visible.get(id) ?? []),
    );
  }

  for (let index = 0; index < DEMO_ORDER_COUNT; index += 1) {
    const { slug, placedAt, status, seed: i } = planOf(index, now);
    const account = accounts.get(slug);
    const pool = pools.get(slug);
    if (!account || !pool || pool.length <= 28)
      throw new Error(`demo orders: no account ${slug}, or too few products`);
    const portalUser = PORTAL_USER[slug];
    const placer = portalUser ? person(portalUser) : person('staff@demo.test');
    const owner: CartOwner = {
      userId: placer.id,
      merchantId,
      customerOrganisationId: account.organisationId,
      customerAccountId: account.id,
      isMerchantEntry: portalUser === undefined,
      isPlacedByMerchant: portalUser === undefined,
    };
    const cart = await findOrCreateCart(tx, owner);
    const lineCount = 2 + (i % 4);
    for (let j = 0; j < lineCount; j += 1) {
      // Lines 7 apart in the account's list: distinct products, since every pool is far longer than 28.
      const product = pool[(i * 37 + j * 7) % pool.length]!;
      await upsertCartLine(tx, {
        merchantId,
        cartId: cart.id,
        productId: product.id,
        quantity: smallestQuantity(product) * (1 + ((i + j) % 4)),
        now: placedAt,
      });
    }
    // Every third order is collected; a delivery under the van's minimum is collected too.
    let methodId = i % 3 === 2 ? pickUp.id : delivery.id;
    const details = {
      purchaseOrderNumber:
        // Numbered in placing order (the recent run's from CB-1040 and PO7100).
        slug === 'the-corner-bistro'
          ? `CB-${1040 - OLDER_ORDERS.length + index}`
          : i % 4 === 0
            ? `PO${7100 - OLDER_ORDERS.length + index}`
            : null,
      notes: i % 5 === 1 ? NOTES[i % NOTES.length]! : null,
    };
    const priceWith = async (shippingMethodId: string) => {
      const current = (await findCart(tx, { owner }))!;
      const updated = await updateCartDetails(tx, {
        cartId: cart.id,
        version: current.version,
        details: { ...details, shippingMethodId, requestedDeliveryDate: null },
        now: placedAt,
      });
      return readPricedCart(tx, { owner, cart: updated!, now: placedAt });
    };
    let priced = await priceWith(methodId);
    if (priced.cart.problems.some((problem) => problem.code === 'BELOW_METHOD_MINIMUM')) {
      methodId = pickUp.id;
      priced = await priceWith(methodId);
    }
    if (priced.cart.problems.length > 0) {
      throw new Error(
        `demo order ${index}: ${priced.cart.problems.map((problem) => problem.message).join(' ')}`,
      );
    }
    const written = await writeOrder(tx, {
      owner,
      key: `demo-order-${index + 1}`,
      priced: priced.cart,
      context: priced.facts.context,
      cartId: cart.id,
      placedAt,
    });
    if (!written) throw new Error(`demo order ${index}: its key was taken`);
    const orderId = written.order.id;

    let from: OrderStatus = 'PROCESSING';
    for (const move of MOVES[status]) {
      const at = new Date(placedAt.getTime() + move.afterHours * HOUR_MS);
      const by = person(move.by === 'admin' ? 'merchant@demo.test' : 'staff@demo.test');
      await tx
        .update(orders)
        .set({
          status: move.to,
          ...(move.to === 'SHIPPED' ? { shippedAt: at } : {}),
          ...(move.to === 'COMPLETED' ? { completedAt: at } : {}),
          ...(move.to === 'CANCELLED' ? { cancelledAt: at } : {}),
          version: sql`${orders.version} + 1`,
          updatedAt: at,
        })
        .where(eq(orders.id, orderId));
      await tx.insert(orderEvents).values({
        merchantId,
        orderId,
        kind: 'STATUS_CHANGED',
        userId: by.id,
        userName: by.name,
        details: { from, to: move.to },
        at,
      });
      from = move.to;
    }
  }
}
