import { type CartLineProblem, type CatalogueProduct, gstCents } from '@tradeport/contract';

/**
 * A catalogue product's price inc GST for the customer viewing: its own GST rate (the server's,
 * with the merchant's tax rules and the customer's exemption) through the contract's rounding,
 * the same a cart line is charged.
 */
export function priceIncGstCents(product: Pick<CatalogueProduct, 'price_cents' | 'gst_rate_basis_points'>) {
  return product.price_cents + gstCents(product.price_cents, product.gst_rate_basis_points);
}

const LINE_PROBLEMS: Record<CartLineProblem, string> = {
  NOT_AVAILABLE: 'No longer available: remove it to place the order',
  BELOW_MINIMUM: 'Below the minimum order quantity',
  NOT_PACK_MULTIPLE: 'Not a whole number of packs',
};

/** Why a cart line cannot be ordered, in the words the line shows. */
export function lineProblemText(
  problem: CartLineProblem,
  rule: { min_order_quantity: number; pack_size: number },
) {
  if (problem === 'BELOW_MINIMUM') return `${LINE_PROBLEMS[problem]} (${rule.min_order_quantity})`;
  if (problem === 'NOT_PACK_MULTIPLE') return `${LINE_PROBLEMS[problem]} (packs of ${rule.pack_size})`;
  return LINE_PROBLEMS[problem];
}
