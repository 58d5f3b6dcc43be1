import {
  type CatalogueProduct,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type ReorderResult,
} from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { AccessQueries } from '../../platform/tenancy/membership.queries.ts';
import { findVisibleProductsForCustomer } from '../catalogue/catalogue.queries.ts';
import { readPricedCart } from './cart-facts.ts';
import { type CartOwner, cartOwnerOf } from './cart-owner.ts';
import { findCart, findOrCreateCart, upsertCartLine } from './cart.queries.ts';
import { cartQuantities, findOrderParties, listOrderedLines } from './reorder.queries.ts';

type Skipped = ReorderResult['skipped'][number];

/**
 * The quantity to order of a product again: at least its minimum, a whole number of packs, and
 * no more than a line may hold (undefined when even one pack's worth is too many).
 */
export function orderableQuantity(wanted: number, product: CatalogueProduct): number | undefined {
  const pack = product.pack_size;
  const atLeast = Math.max(wanted, product.min_order_quantity);
  const quantity = Math.ceil(atLeast / pack) * pack;
  if (quantity <= MAX_LINE_QUANTITY) return quantity;
  const largest = Math.floor(MAX_LINE_QUANTITY / pack) * pack;
  return largest >= product.min_order_quantity && largest > 0 ? largest : undefined;
}

/** "Order again": a past order's lines into the caller's cart for that customer, at today's prices. */
export function createReorderService(
  { database: { db }, now }: Pick<AppDeps, 'database' | 'now'>,
  accessQueries: AccessQueries,
) {
  /**
   * The caller's cart for the order's customer: through the same account rule as the cart's own
   * endpoints (a member of the customer organisation or of the merchant, the account active).
   * Anyone else, as for an order that does not exist: 404.
   */
  async function ownerFor(options: {
    userId: string;
    orderId: string;
    customerView: string | undefined;
  }): Promise<CartOwner> {
    const parties = await findOrderParties(db, options.orderId);
    const account =
      parties &&
      (await accessQueries.findCustomerAccount({
        userId: options.userId,
        organisationId: parties.customerOrganisationId,
        merchantId: parties.merchantId,
      }));
    if (!account) throw notFound('Order');
    return cartOwnerOf(
      { userId: options.userId, ...account },
      { customerView: options.customerView, accessQueries },
    );
  }

  return {
    async reorder(options: { userId: string; orderId: string; customerView: string | undefined }) {
      const owner = await ownerFor(options);
      const ordered = await listOrderedLines(db, options.orderId);
      const visible = await findVisibleProductsForCustomer(db, {
        merchantId: owner.merchantId,
        customerAccountId: owner.customerAccountId,
        productIds: ordered.map((line) => line.productId),
      });
      const skipped: Skipped[] = [];
      await findOrCreateCart(db, owner);
      await db.transaction(async (tx) => {
        const cart = (await findCart(tx, { owner, isLocked: true }))!;
        const inCart = await cartQuantities(tx, cart.id);
        for (const line of ordered) {
          const product = visible.get(line.productId);
          const skip = (reason: string) => skipped.push({ name: line.name, sku: line.sku, reason });
          if (!product) {
            skip('No longer available.');
            continue;
          }
          const already = inCart.get(line.productId);
          if (already === undefined && inCart.size >= MAX_CART_LINES) {
            skip(`The cart is full (${MAX_CART_LINES} products).`);
            continue;
          }
          const quantity = orderableQuantity((already ?? 0) + line.quantity, product);
          if (quantity === undefined) {
            skip('Its pack size is more than one line can hold.');
            continue;
          }
          inCart.set(line.productId, quantity);
          await upsertCartLine(tx, {
            merchantId: owner.merchantId,
            cartId: cart.id,
            productId: line.productId,
            quantity,
            now: now(),
          });
        }
      });
      const cart = await findOrCreateCart(db, owner);
      return { cart: (await readPricedCart(db, { owner, cart, now: now() })).cart, skipped };
    },
  };
}
