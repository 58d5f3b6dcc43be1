import { type CatalogueProduct, MAX_CART_LINES } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { findVisibleProductForCustomer } from '../catalogue/catalogue.queries.ts';
import { listMethodsOfferedTo } from '../shipping/shipping-offers.queries.ts';
import { readPricedCart } from './cart-facts.ts';
import type { CartOwner } from './cart-owner.ts';
import {
  type CartDetails,
  countCartLines,
  deleteCartLine,
  emptyCart,
  findCart,
  findCartLineQuantity,
  findOrCreateCart,
  updateCartDetails,
  upsertCartLine,
} from './cart.queries.ts';

/** Why a quantity cannot be ordered of a product, or undefined when it can. */
export function quantityRefusal(product: CatalogueProduct, quantity: number): string | undefined {
  if (quantity < product.min_order_quantity) {
    return `The minimum order of ${product.name} is ${product.min_order_quantity}.`;
  }
  if (quantity % product.pack_size !== 0) {
    return `${product.name} comes in packs of ${product.pack_size}: order a multiple of ${product.pack_size}.`;
  }
  return undefined;
}

export const cartFullMessage = `A cart holds at most ${MAX_CART_LINES} products: place this order first.`;

/** A customer account's cart (one side of it), read and changed; every answer is the cart priced now. */
export function createCartService({ database: { db }, now }: Pick<AppDeps, 'database' | 'now'>) {
  const priced = async (owner: CartOwner) => {
    const cart = await findOrCreateCart(db, owner);
    return (await readPricedCart(db, { owner, cart, now: now() })).cart;
  };

  return {
    get: priced,

    async updateDetails(owner: CartOwner, input: CartDetails & { version: number }) {
      const { version, ...details } = input;
      if (details.shippingMethodId !== null) {
        const offered = await listMethodsOfferedTo(db, {
          merchantId: owner.merchantId,
          customerAccountId: owner.customerAccountId,
        });
        if (!offered.some((method) => method.id === details.shippingMethodId)) {
          throw notFound('Shipping method');
        }
      }
      const cart = await findOrCreateCart(db, owner);
      const updated = await updateCartDetails(db, { cartId: cart.id, version, details, now: now() });
      if (!updated) throw conflict('The cart was changed meanwhile: reload it and try again.');
      return priced(owner);
    },

    async clear(owner: CartOwner) {
      const cart = await findOrCreateCart(db, owner);
      await emptyCart(db, { cartId: cart.id, now: now() });
      return priced(owner);
    },

    /** Only a product the account can see, at a quantity it can order; a cart is bounded. */
    async setLine(owner: CartOwner, options: { productId: string; quantity: number }) {
      const product = await findVisibleProductForCustomer(db, {
        merchantId: owner.merchantId,
        customerAccountId: owner.customerAccountId,
        productId: options.productId,
      });
      if (!product) throw notFound('Product');
      const refusal = quantityRefusal(product, options.quantity);
      if (refusal) {
        throw new AppError('VALIDATION_ERROR', refusal, [{ path: 'body.quantity', message: refusal }]);
      }
      await findOrCreateCart(db, owner);
      await db.transaction(async (tx) => {
        // Locked, so that concurrent additions cannot take the cart past its bound together.
        const cart = (await findCart(tx, { owner, isLocked: true }))!;
        const isNew = (await findCartLineQuantity(tx, { cartId: cart.id, ...options })) === undefined;
        if (isNew && (await countCartLines(tx, cart.id)) >= MAX_CART_LINES) {
          throw new AppError('VALIDATION_ERROR', cartFullMessage, [
            { path: 'params.id', message: cartFullMessage },
          ]);
        }
        await upsertCartLine(tx, { merchantId: owner.merchantId, cartId: cart.id, ...options, now: now() });
      });
      return priced(owner);
    },

    /** Any line can go, an unavailable product's included. */
    async removeLine(owner: CartOwner, productId: string) {
      const cart = await findOrCreateCart(db, owner);
      await deleteCartLine(db, { cartId: cart.id, productId });
      return priced(owner);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
