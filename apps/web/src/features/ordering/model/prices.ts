import { type CartLineProblem, type CatalogueProduct, gstCents, resolveGstRate } from '@tradeport/contract';

/**
 * A catalogue product's price inc GST, by the contract's own rate and rounding. The catalogue
 * carries no tax rule or exemption, so this is the default GST rate; the cart, priced on the
 * server, shows what is actually charged.
 */
export function priceIncGstCents(product: Pick<CatalogueProduct, 'price_cents' | 'is_gst_applicable'>) {
  const rate = resolveGstRate({
    isGstApplicable: product.is_gst_applicable,
    ruleRateBasisPoints: null,
    isTaxExempt: false,
  });
  return product.price_cents + gstCents(product.price_cents, rate);
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
