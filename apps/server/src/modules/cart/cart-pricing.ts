import {
  type Cart,
  type CartDeliveryOption,
  type CartLine,
  type CartLineProblem,
  type CartProblem,
  type CatalogueProduct,
  computeOrderTotals,
  deliveryGstRate,
} from '@tradeport/contract';
import type { CartContext } from './cart-context.queries.ts';
import type { CartLineRow, CartRow } from './cart.queries.ts';

// A cart priced for its customer today, from facts the queries gathered: which products the
// account may still see and at what price (the catalogue's rule), each product's GST rate (the
// taxes' rule), the delivery options (the delivery rules). Pure, so reading a cart and placing it
// price the same way. Totals come only from computeOrderTotals.

/** A delivery method as the cart offers it, with its fee and dates for this cart already worked out. */
export type OfferedMethod = Omit<CartDeliveryOption, 'fee_cents' | 'problem'> & {
  feeFor(subtotalCents: number): number;
  problemFor(subtotalCents: number): string | null;
};

export type CartFacts = {
  cart: CartRow;
  context: CartContext;
  lines: readonly CartLineRow[];
  /** The products among the lines the account may order, at its prices. */
  visible: ReadonlyMap<string, CatalogueProduct>;
  gstRates: ReadonlyMap<string, number>;
  methods: readonly OfferedMethod[];
};

function lineProblem(quantity: number, product: CatalogueProduct | undefined): CartLineProblem | null {
  if (!product) return 'NOT_AVAILABLE';
  if (quantity < product.min_order_quantity) return 'BELOW_MINIMUM';
  if (quantity % product.pack_size !== 0) return 'NOT_PACK_MULTIPLE';
  return null;
}

function lineProblemMessage(line: CartLine): CartProblem | undefined {
  const about = { product_id: line.product_id };
  switch (line.problem) {
    case null:
      return undefined;
    case 'NOT_AVAILABLE':
      return {
        code: 'PRODUCT_NOT_AVAILABLE',
        message: `${line.name} is no longer available: remove it to place the order.`,
        ...about,
      };
    case 'BELOW_MINIMUM':
      return {
        code: 'BELOW_MINIMUM',
        message: `${line.name}: the minimum order is ${line.min_order_quantity}.`,
        ...about,
      };
    case 'NOT_PACK_MULTIPLE':
      return {
        code: 'NOT_PACK_MULTIPLE',
        message: `${line.name} comes in packs of ${line.pack_size}: order a multiple of ${line.pack_size}.`,
        ...about,
      };
  }
}

const general = (code: CartProblem['code'], message: string): CartProblem => ({
  code,
  message,
  product_id: null,
});

/** The cart as its endpoints answer it, with every reason it cannot be placed. */
export function priceCart(facts: CartFacts): Cart {
  const { cart, context } = facts;
  const isTaxExempt = context.account.isTaxExempt;
  const rounding = context.merchant.gstRounding;
  const deliveryRate = deliveryGstRate({ isTaxExempt });

  const drafts = facts.lines.map((row) => {
    const product = facts.visible.get(row.productId);
    return {
      row,
      product,
      problem: lineProblem(row.quantity, product),
      gstRate: product ? (facts.gstRates.get(row.productId) ?? 0) : 0,
    };
  });
  // Unavailable lines stay in the cart but out of the totals.
  const priced = drafts.filter((draft) => draft.product);
  const pricedLines = priced.map((draft) => ({
    quantity: draft.row.quantity,
    unitPriceCents: draft.product!.price_cents,
    gstRateBasisPoints: draft.gstRate,
  }));
  const totalsWith = (deliveryFeeCents: number) =>
    computeOrderTotals({
      lines: pricedLines,
      deliveryFeeCents,
      deliveryGstRateBasisPoints: deliveryRate,
      rounding,
    });
  const { subtotalCents } = totalsWith(0);

  const options: CartDeliveryOption[] = facts.methods.map(({ feeFor, problemFor, ...method }) => ({
    ...method,
    fee_cents: feeFor(subtotalCents),
    problem: problemFor(subtotalCents),
  }));
  const chosen = options.find((option) => option.id === cart.shippingMethodId);
  const totals = totalsWith(chosen?.fee_cents ?? 0);

  const lines: CartLine[] = drafts.map((draft) => {
    const { row, product } = draft;
    const index = priced.indexOf(draft);
    const lineTotals = index >= 0 ? totals.lines[index]! : { subtotalCents: 0, gstCents: 0 };
    return {
      product_id: row.productId,
      name: row.name,
      sku: row.sku,
      image: row.image,
      unit_of_measure: row.unitOfMeasure,
      quantity: row.quantity,
      unit_price_cents: product?.price_cents ?? 0,
      base_price_cents: product?.base_price_cents ?? 0,
      is_tier_price: product?.is_tier_price ?? false,
      gst_rate_basis_points: draft.gstRate,
      min_order_quantity: product?.min_order_quantity ?? 1,
      pack_size: product?.pack_size ?? 1,
      subtotal_cents: lineTotals.subtotalCents,
      gst_cents: lineTotals.gstCents,
      problem: draft.problem,
    };
  });

  const problems: CartProblem[] = [];
  if (lines.length === 0) problems.push(general('CART_EMPTY', 'The cart is empty.'));
  for (const line of lines) {
    const problem = lineProblemMessage(line);
    if (problem) problems.push(problem);
  }
  problems.push(...deliveryProblems({ cart, options, chosen }));

  return {
    merchant_id: cart.merchantId,
    customer_organisation_id: context.customer.organisationId,
    customer_name: context.customer.title,
    is_merchant_entry: cart.isMerchantEntry,
    version: cart.version,
    lines,
    shipping_method_id: cart.shippingMethodId,
    requested_delivery_date: cart.requestedDeliveryDate,
    notes: cart.notes,
    purchase_order_number: cart.purchaseOrderNumber,
    delivery_options: options,
    gst_rounding: rounding,
    delivery_gst_rate_basis_points: deliveryRate,
    totals: {
      subtotal_cents: totals.subtotalCents,
      delivery_fee_cents: totals.deliveryFeeCents,
      delivery_gst_cents: totals.deliveryGstCents,
      gst_cents: totals.gstCents,
      total_cents: totals.totalCents,
    },
    problems,
  };
}

function deliveryProblems(options: {
  cart: CartRow;
  options: CartDeliveryOption[];
  chosen: CartDeliveryOption | undefined;
}): CartProblem[] {
  const { cart, chosen } = options;
  if (options.options.length === 0) {
    return [
      general(
        'NO_DELIVERY_METHODS_OFFERED',
        'No delivery method is offered to this customer: the merchant needs to set one up.',
      ),
    ];
  }
  if (cart.shippingMethodId === null) return [general('NO_DELIVERY_METHOD', 'Choose a delivery method.')];
  if (!chosen) {
    return [
      general(
        'DELIVERY_METHOD_NOT_OFFERED',
        'The chosen delivery method is no longer offered: choose another.',
      ),
    ];
  }
  const problems: CartProblem[] = [];
  if (chosen.problem) problems.push(general('BELOW_METHOD_MINIMUM', chosen.problem));
  const date = cart.requestedDeliveryDate;
  if (date !== null && !chosen.dates.includes(date)) {
    problems.push(
      general(
        'DELIVERY_DATE_NOT_AVAILABLE',
        `${chosen.name} does not deliver on ${date}: choose one of its dates.`,
      ),
    );
  }
  return problems;
}
