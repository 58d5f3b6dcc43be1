import { and, asc, count, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { preparedForAny } from '../../platform/db/prepared-once.ts';
import { cartLines, carts, products, unitsOfMeasure } from '../../platform/db/schema/index.ts';
import type { CartOwner } from './cart-owner.ts';

// The cart's own rows: one per customer account and side, and its lines (product and quantity).
// Prices are never stored here: cart-pricing prices the lines whenever the cart is read.

export type CartRow = typeof carts.$inferSelect;

const ownedByOwner = and(
  eq(carts.merchantId, sql.placeholder('merchantId')),
  eq(carts.customerAccountId, sql.placeholder('customerAccountId')),
  eq(carts.isMerchantEntry, sql.placeholder('isMerchantEntry')),
);

/** The owner's cart, if it was ever made. `isLocked` holds it (FOR UPDATE) to the transaction's end. */
export async function findCart(db: Db, options: { owner: CartOwner; isLocked?: boolean }) {
  const statement = options.isLocked
    ? preparedForAny(db, 'cart_of_owner_locked', (db, name) =>
        db.select().from(carts).where(ownedByOwner).for('update').prepare(name),
      )
    : preparedForAny(db, 'cart_of_owner', (db, name) =>
        db.select().from(carts).where(ownedByOwner).prepare(name),
      );
  const { merchantId, customerAccountId, isMerchantEntry } = options.owner;
  const [row] = await statement.execute({ merchantId, customerAccountId, isMerchantEntry });
  return row;
}

/** The owner's cart, made empty the first time it is needed (two first requests make one). */
export async function findOrCreateCart(db: Db, owner: CartOwner): Promise<CartRow> {
  const found = await findCart(db, { owner });
  if (found) return found;
  await db
    .insert(carts)
    .values({
      merchantId: owner.merchantId,
      customerAccountId: owner.customerAccountId,
      isMerchantEntry: owner.isMerchantEntry,
    })
    .onConflictDoNothing({ target: [carts.customerAccountId, carts.isMerchantEntry] });
  return (await findCart(db, { owner }))!;
}

/** Each line with what the cart shows of its product whatever its state (archived included). */
export function listCartLines(db: Db, cartId: string) {
  return preparedForAny(db, 'cart_lines_shown', (db, name) => selectCartLines(db).prepare(name)).execute({
    cartId,
  });
}

function selectCartLines(db: Db) {
  return db
    .select({
      productId: cartLines.productId,
      quantity: cartLines.quantity,
      name: products.name,
      sku: products.sku,
      image: products.image,
      unitOfMeasure: { name: unitsOfMeasure.name, abbreviation: unitsOfMeasure.abbreviation },
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(unitsOfMeasure, eq(unitsOfMeasure.id, products.unitOfMeasureId))
    .where(eq(cartLines.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.productId));
}

export type CartLineRow = Awaited<ReturnType<typeof selectCartLines>>[number];

export async function countCartLines(db: Db, cartId: string): Promise<number> {
  const [row] = await db.select({ lines: count() }).from(cartLines).where(eq(cartLines.cartId, cartId));
  return row?.lines ?? 0;
}

export async function findCartLineQuantity(db: Db, options: { cartId: string; productId: string }) {
  const [row] = await db
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, options.cartId), eq(cartLines.productId, options.productId)));
  return row?.quantity;
}

/** Puts a product in the cart at `quantity`, or changes the quantity of its line. */
export async function upsertCartLine(
  db: Db,
  options: { merchantId: string; cartId: string; productId: string; quantity: number; now: Date },
) {
  await db
    .insert(cartLines)
    .values({
      merchantId: options.merchantId,
      cartId: options.cartId,
      productId: options.productId,
      quantity: options.quantity,
      // created_at stays the database's clock: lines are listed in the order they were added.
      updatedAt: options.now,
    })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.productId],
      set: { quantity: options.quantity, updatedAt: options.now },
    });
}

export async function deleteCartLine(db: Db, options: { cartId: string; productId: string }) {
  await db
    .delete(cartLines)
    .where(and(eq(cartLines.cartId, options.cartId), eq(cartLines.productId, options.productId)));
}

export type CartDetails = {
  shippingMethodId: string | null;
  requestedDeliveryDate: string | null;
  notes: string | null;
  purchaseOrderNumber: string | null;
};

/** Sets the details if `version` is still the cart's (and bumps it); undefined when stale. */
export async function updateCartDetails(
  db: Db,
  options: { cartId: string; version: number; details: CartDetails; now: Date },
) {
  const [row] = await db
    .update(carts)
    .set({ ...options.details, version: sql`${carts.version} + 1`, updatedAt: options.now })
    .where(and(eq(carts.id, options.cartId), eq(carts.version, options.version)))
    .returning();
  return row;
}

/**
 * Emptying a cart as two data-modifying WITH queries (they run whether or not they are read):
 * placing runs them in the statement that writes the order's lines (insertOrderLinesAndEvent),
 * where every round trip counts.
 */
export function cartEmptying(db: Db, options: { cartId: string | Placeholder; now: Date | Placeholder }) {
  const emptiedLines = db
    .$with('emptied_lines')
    .as(db.delete(cartLines).where(eq(cartLines.cartId, options.cartId)).returning({ id: cartLines.cartId }));
  const emptiedCart = db.$with('emptied_cart').as(
    db
      .update(carts)
      .set({
        shippingMethodId: null,
        requestedDeliveryDate: null,
        notes: null,
        purchaseOrderNumber: null,
        version: sql`${carts.version} + 1`,
        // As SQL, so a placeholder serves as well as a Date.
        updatedAt: sql`${options.now}`,
      })
      .where(eq(carts.id, options.cartId))
      .returning({ id: carts.id }),
  );
  return [emptiedLines, emptiedCart] as const;
}

/** Empties the cart: no lines, no details (they belonged to the order it was becoming). */
export async function emptyCart(db: Db, options: { cartId: string; now: Date }) {
  const [emptiedLines, emptiedCart] = cartEmptying(db, options);
  await db.with(emptiedLines, emptiedCart).select({ id: emptiedCart.id }).from(emptiedCart);
}
