import {
  type Cart,
  type CartDeliveryOption,
  type CartProblem,
  type CartLine,
  type CatalogueProduct,
  clearCart,
  computeOrderTotals,
  getCart,
  type Order,
  placeOrder,
  removeCartLine,
  setCartLine,
  updateCart,
} from '@tradeport/contract';
import { type FakeHandler, type FakeRequest, route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import { CAFE_AROMA_ACCOUNT_ID, cafeAroma } from './ordering-fixtures.ts';

type CartState = {
  version: number;
  lines: Map<string, number>;
  shipping_method_id: string | null;
  requested_delivery_date: string | null;
  notes: string | null;
  purchase_order_number: string | null;
};

export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: idOf(900),
    number: 123,
    invoice_number: 123,
    status: 'PROCESSING',
    merchant: { id: harbour.id, title: harbour.title },
    customer: { organisation_id: cafeAroma.id, account_id: CAFE_AROMA_ACCOUNT_ID, name: cafeAroma.title },
    placed_at: '2026-11-24T01:00:00.000Z',
    delivery_date: '2026-11-26',
    shipping_method_name: 'Weekday delivery',
    purchase_order_number: null,
    is_placed_by_merchant: false,
    line_count: 1,
    total_cents: 0,
    payment_status: 'NOT_TRACKED',
    paid_cents: 0,
    outstanding_cents: 0,
    customer_abn: null,
    delivery_address: null,
    shipping_method_id: null,
    shipping_method_kind: 'DELIVERY',
    notes: null,
    placed_by_name: 'Sam Lee',
    payment_terms_days: 14,
    due_date: '2026-12-08',
    gst_rounding: 'PER_LINE',
    is_tax_exempt: false,
    subtotal_cents: 0,
    delivery_fee_cents: 0,
    gst_cents: 0,
    lines: [],
    history: [],
    version: 1,
    can_edit: false,
    allowed_statuses: [],
    ...overrides,
  };
}

function problemOf(product: CatalogueProduct, quantity: number): CartLine['problem'] {
  if (quantity < product.min_order_quantity) return 'BELOW_MINIMUM';
  if (quantity % product.pack_size !== 0) return 'NOT_PACK_MULTIPLE';
  return null;
}

/**
 * A stand-in for the cart endpoints that behaves like the server: lines by product, a version
 * that moves with every change (stale details → 409), totals from the contract's one function,
 * and the reasons a cart cannot be placed. One cart per customer organisation.
 */
export function fakeCartServer(options: {
  products: readonly CatalogueProduct[];
  deliveryOptions?: readonly CartDeliveryOption[];
  customerNames?: Readonly<Record<string, string>>;
  isMerchantEntry?: boolean;
}) {
  const carts = new Map<string, CartState>();
  const stateOf = (customerId: string) => {
    let state = carts.get(customerId);
    if (!state) {
      state = {
        version: 1,
        lines: new Map(),
        shipping_method_id: null,
        requested_delivery_date: null,
        notes: null,
        purchase_order_number: null,
      };
      carts.set(customerId, state);
    }
    return state;
  };
  const deliveryOptions = options.deliveryOptions ?? [];
  // Today's prices, where a test moved one after the cart was read.
  const prices = new Map<string, number>();
  const priceOf = (product: CatalogueProduct) => prices.get(product.id) ?? product.price_cents;

  const cartOf = (customerId: string): Cart => {
    const state = stateOf(customerId);
    const entries = [...state.lines].map(([id, quantity]) => {
      const product = options.products.find((candidate) => candidate.id === id)!;
      return { product, quantity, problem: problemOf(product, quantity) };
    });
    const method = deliveryOptions.find((option) => option.id === state.shipping_method_id);
    const totals = computeOrderTotals({
      lines: entries.map(({ product, quantity }) => ({
        quantity,
        unitPriceCents: priceOf(product),
        gstRateBasisPoints: product.is_gst_applicable ? 1_000 : 0,
      })),
      deliveryFeeCents: method?.fee_cents ?? 0,
      deliveryGstRateBasisPoints: 1_000,
      rounding: 'PER_LINE',
    });
    const problems: CartProblem[] = [
      ...(entries.length === 0
        ? [{ code: 'CART_EMPTY' as const, message: 'The cart is empty', product_id: null }]
        : []),
      ...(method
        ? []
        : [{ code: 'NO_DELIVERY_METHOD' as const, message: 'Choose a delivery method', product_id: null }]),
      ...entries.flatMap(({ product, problem }) =>
        problem
          ? [
              {
                code: problem === 'NOT_AVAILABLE' ? ('PRODUCT_NOT_AVAILABLE' as const) : problem,
                message: `${product.name} cannot be ordered at this quantity`,
                product_id: product.id,
              },
            ]
          : [],
      ),
    ];
    return {
      merchant_id: harbour.id,
      customer_organisation_id: customerId,
      customer_name: options.customerNames?.[customerId] ?? 'Café Aroma',
      is_merchant_entry: options.isMerchantEntry ?? false,
      version: state.version,
      lines: entries.map(({ product, quantity, problem }, index) => ({
        product_id: product.id,
        name: product.name,
        sku: product.sku,
        image: product.image,
        unit_of_measure: product.unit_of_measure,
        quantity,
        unit_price_cents: priceOf(product),
        base_price_cents: product.base_price_cents,
        is_tier_price: product.is_tier_price,
        gst_rate_basis_points: product.is_gst_applicable ? 1_000 : 0,
        min_order_quantity: product.min_order_quantity,
        pack_size: product.pack_size,
        subtotal_cents: totals.lines[index]!.subtotalCents,
        gst_cents: totals.lines[index]!.gstCents,
        problem,
      })),
      shipping_method_id: state.shipping_method_id,
      requested_delivery_date: state.requested_delivery_date,
      notes: state.notes,
      purchase_order_number: state.purchase_order_number,
      delivery_options: [...deliveryOptions],
      gst_rounding: 'PER_LINE',
      delivery_gst_rate_basis_points: 1_000,
      totals: {
        subtotal_cents: totals.subtotalCents,
        delivery_fee_cents: totals.deliveryFeeCents,
        delivery_gst_cents: totals.deliveryGstCents,
        gst_cents: totals.gstCents,
        total_cents: totals.totalCents,
      },
      problems,
    };
  };

  const customerOf = (request: FakeRequest) => request.query.get('customer_organisation_id') ?? '';
  const answerCart = (request: FakeRequest) => jsonResponse(200, cartOf(customerOf(request)));
  const changed = (request: FakeRequest, change: (state: CartState) => void) => {
    const state = stateOf(customerOf(request));
    change(state);
    state.version += 1;
    return answerCart(request);
  };

  const place: FakeHandler = (request) => {
    const cart = cartOf(customerOf(request));
    if (cart.problems.length > 0) {
      return jsonResponse(422, {
        error_code: 'CART_NOT_PLACEABLE',
        message: 'This cart cannot be placed',
        details: cart.problems.map((problem) => ({ path: problem.code, message: problem.message })),
      });
    }
    const body = request.body as { expected_total_cents?: number };
    if (body.expected_total_cents !== cart.totals.total_cents) {
      return jsonResponse(409, { error_code: 'CONFLICT', message: 'Prices changed' });
    }
    stateOf(customerOf(request)).lines.clear();
    return jsonResponse(201, orderFixture({ total_cents: cart.totals.total_cents }));
  };

  const handlers: Record<string, FakeHandler> = {
    [route(getCart)]: answerCart,
    [route(setCartLine)]: (request) =>
      changed(request, (state) =>
        state.lines.set(request.params.id!, (request.body as { quantity: number }).quantity),
      ),
    [route(clearCart)]: (request) => changed(request, (state) => state.lines.clear()),
    [route(removeCartLine)]: (request) => changed(request, (state) => state.lines.delete(request.params.id!)),
    [route(updateCart)]: (request) => {
      const body = request.body as Omit<CartState, 'lines'>;
      if (body.version !== stateOf(customerOf(request)).version) {
        return jsonResponse(409, { error_code: 'CONFLICT', message: 'The cart changed meanwhile' });
      }
      return changed(request, (state) => {
        state.shipping_method_id = body.shipping_method_id;
        state.requested_delivery_date = body.requested_delivery_date;
        state.notes = body.notes;
        state.purchase_order_number = body.purchase_order_number;
      });
    },
    [route(placeOrder)]: place,
  };

  return {
    handlers,
    cartOf,
    /** Puts a product in a customer's cart as if another of its people had. */
    putLine: (customerId: string, productId: string, quantity: number) => {
      const state = stateOf(customerId);
      state.lines.set(productId, quantity);
      state.version += 1;
    },
    /** Changes a product's price from now on, as the merchant would. */
    setPrice: (productId: string, cents: number) => prices.set(productId, cents),
    /** Chooses the delivery as if another of the customer's people had. */
    chooseDelivery: (customerId: string, methodId: string, date: string) => {
      const state = stateOf(customerId);
      state.shipping_method_id = methodId;
      state.requested_delivery_date = date;
      state.version += 1;
    },
    /** What the cart holds: product → quantity. */
    linesOf: (customerId: string) => Object.fromEntries(stateOf(customerId).lines),
  };
}
