import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { findVisibleProductsForCustomer } from '../catalogue/catalogue.queries.ts';
import { productGstRates } from '../taxes/tax-rates.queries.ts';
import { type CartContext, findCartContext } from './cart-context.queries.ts';
import { listOfferedMethods } from './cart-delivery.ts';
import type { CartOwner } from './cart-owner.ts';
import { type CartFacts, priceCart } from './cart-pricing.ts';
import { type CartRow, listCartLines } from './cart.queries.ts';

/**
 * Everything a cart is priced from, read through `db` (the placing transaction, or the pool):
 * its lines, which of them the account may still order and at what price (the catalogue's batch
 * read, one query), their GST rates, and the delivery methods offered. The context is read too,
 * unless the caller read it already (placing, with the cart it locks).
 */
export async function loadCartFacts(
  db: Db,
  options: { owner: CartOwner; cart: CartRow; now: Date; context?: CartContext },
): Promise<CartFacts> {
  const { owner, cart } = options;
  const account = { merchantId: owner.merchantId, customerAccountId: owner.customerAccountId };
  const [context, lines] = await Promise.all([
    options.context ?? findCartContext(db, account),
    listCartLines(db, cart.id),
  ]);
  if (!context) throw notFound('Customer account');
  const productIds = lines.map((line) => line.productId);
  const [visible, gstRates, methods] = await Promise.all([
    findVisibleProductsForCustomer(db, { ...account, productIds }),
    // Not the catalogue's own gst_rate_basis_points: these follow the exemption this context read,
    // which the order records and its delivery GST follows, whatever changes meanwhile.
    productGstRates(db, {
      merchantId: owner.merchantId,
      productIds,
      isTaxExempt: context.account.isTaxExempt,
    }),
    listOfferedMethods(db, { ...account, timeZone: context.merchant.timeZone, now: options.now }),
  ]);
  return { cart, context, lines, visible, gstRates, methods };
}

/** The cart priced now. */
export async function readPricedCart(
  db: Db,
  options: { owner: CartOwner; cart: CartRow; now: Date; context?: CartContext },
) {
  const facts = await loadCartFacts(db, options);
  return { facts, cart: priceCart(facts) };
}
