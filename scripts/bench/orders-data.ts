import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { getJson } from './catalogue-data.ts';
import { BENCH_METHOD_PREFIX } from './bench-steps.ts';
import { type LoadResult, percentile } from './load.ts';

// What the orders bench does besides autocannon's GETs: a delivery method for the large merchant
// (its seed has none, and placing needs one offered), placing orders through the merchant's
// order-entry carts, and timing one PDF of many invoices.

type Session = { url: string; token: string };

const LINES_PER_ORDER = 10;

export async function call<T>(
  session: Session,
  method: string,
  apiPath: string,
  options: { body?: unknown; headers?: Record<string, string>; expect?: number } = {},
): Promise<T> {
  const response = await fetch(`${session.url}/api/v1${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (response.status !== (options.expect ?? 200))
    throw new Error(`${method} ${apiPath}: ${response.status} ${text.slice(0, 400)}`);
  return JSON.parse(text) as T;
}

/** Every-day, next-day delivery offered to all the merchant's customers. */
export async function createDeliveryMethod(merchant: Session, merchantId: string): Promise<string> {
  const method = await call<{ id: string }>(
    merchant,
    'POST',
    `/shipping/methods/organisation/${merchantId}`,
    {
      body: {
        name: `${BENCH_METHOD_PREFIX}${new Date().toISOString()}`,
        kind: 'DELIVERY',
        fee_cents: 1_000,
        lead_days: 1,
      },
      expect: 201,
    },
  );
  return method.id;
}

type CatalogueProduct = { id: string; min_order_quantity: number; pack_size: number };

/** One placing worker's customer: whose order-entry cart it fills, and with what. */
export type PlacingCustomer = { organisationId: string; lines: { productId: string; quantity: number }[] };

/**
 * `count` of the merchant's customers (not the house account), each with 10 products it can see
 * at a quantity its minimum and pack size allow. Each worker gets its own customer: a cart is one
 * per customer and side, so two workers on one cart would undo each other's lines. They are spread
 * over the whole list, as the seed spreads its orders, rather than all named A….
 */
export async function placingCustomers(
  merchant: Session,
  merchantId: string,
  count: number,
): Promise<PlacingCustomer[]> {
  const organisations: string[] = [];
  let cursor: string | null = null;
  while (true) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: {
      items: { organisation_id: string; is_house_account: boolean }[];
      next_cursor: string | null;
    } = await getJson(merchant, `/organisations/${merchantId}/customers?limit=100${query}`);
    organisations.push(...page.items.filter((c) => !c.is_house_account).map((c) => c.organisation_id));
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  if (organisations.length < count) throw new Error(`the merchant has fewer than ${count} customers`);
  const spread = Array.from(
    { length: count },
    (_, i) => organisations[Math.floor((i * organisations.length) / count)]!,
  );
  return Promise.all(
    spread.map(async (organisationId) => {
      const catalogue = await getJson<{ items: CatalogueProduct[] }>(
        merchant,
        `/products/organisation/${merchantId}/catalogue?customer_organisation_id=${organisationId}&limit=${LINES_PER_ORDER}`,
      );
      if (catalogue.items.length < LINES_PER_ORDER)
        throw new Error(`customer ${organisationId} sees fewer than ${LINES_PER_ORDER} products`);
      return {
        organisationId,
        lines: catalogue.items.map((product) => ({
          productId: product.id,
          quantity: Math.ceil(product.min_order_quantity / product.pack_size) * product.pack_size,
        })),
      };
    }),
  );
}

type Placing = { merchant: Session; merchantId: string; methodId: string };

/** Fills a customer's order-entry cart as a shopper would: each line, then the delivery method. */
async function fillCart({ merchant, merchantId, methodId }: Placing, customer: PlacingCustomer) {
  let cart: { version: number } | undefined;
  for (const line of customer.lines) {
    cart = await call(
      merchant,
      'PUT',
      `/orders/cart/product/${line.productId}?merchant_id=${merchantId}&customer_organisation_id=${customer.organisationId}`,
      { body: { quantity: line.quantity } },
    );
  }
  await call(merchant, 'PUT', cartPathOf(merchantId, customer), {
    body: {
      version: cart!.version,
      shipping_method_id: methodId,
      requested_delivery_date: null,
      notes: null,
      purchase_order_number: null,
    },
  });
}

const cartPathOf = (merchantId: string, customer: PlacingCustomer) =>
  `/orders/cart/organisation/${merchantId}?customer_organisation_id=${customer.organisationId}`;

/** Places a filled cart with a fresh Idempotency-Key: the milliseconds it took. */
async function placeCart({ merchant, merchantId }: Placing, customer: PlacingCustomer) {
  const sentAt = performance.now();
  await call(merchant, 'POST', cartPathOf(merchantId, customer), {
    body: {},
    headers: { 'idempotency-key': randomUUID() },
    expect: 201,
  });
  return performance.now() - sentAt;
}

function toLoad(label: string, latencies: number[], errors: number, seconds: number): LoadResult {
  latencies.sort((a, b) => a - b);
  return {
    label,
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p975: percentile(latencies, 97.5),
    errors,
  };
}

/**
 * Placing alone at `connections` connections: every customer's cart is filled first (untimed),
 * then `connections` connections place them, each customer's once, one after another on each
 * connection. Driven by autocannon, as the bench's other routes are: its requests cost the
 * machine a fraction of fetch's, whose CPU (about a millisecond an order, measured on this
 * 2-core machine) the server would otherwise share with its own load.
 */
export async function measurePlacingAlone(
  options: Placing & { label: string; customers: PlacingCustomer[]; connections: number },
): Promise<LoadResult> {
  const { customers, connections, merchant, merchantId } = options;
  for (let i = 0; i < customers.length; i += connections)
    await Promise.all(customers.slice(i, i + connections).map((customer) => fillCart(options, customer)));
  const latencies: number[] = [];
  let next = 0;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: merchant.url,
        connections,
        amount: customers.length,
        requests: [
          {
            method: 'POST',
            // Each request the next customer's cart, with a key of its own: a cart is placed once.
            setupRequest: (request) => ({
              ...request,
              path: `/api/v1${cartPathOf(merchantId, customers[next++ % customers.length]!)}`,
              headers: {
                authorization: `Bearer ${merchant.token}`,
                'content-type': 'application/json',
                'idempotency-key': randomUUID(),
              },
              body: '{}',
            }),
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 201) latencies.push(responseTime);
      lastAnswerAt = performance.now();
    });
  });
  const errors = customers.length - latencies.length;
  if (errors > 0) console.log(`  placing: ${errors} of ${customers.length} not placed (201)`);
  // To the last answer: autocannon itself finishes on its next whole-second tick.
  return toLoad(options.label, latencies, errors, (lastAnswerAt - startedAt) / 1000);
}

/**
 * Placing amid shopping: one worker per customer for `durationSeconds`, each in a loop: put 10
 * lines in its cart, choose the delivery method, and place the cart. Only the POST that places is
 * timed; the cart requests run meanwhile and load the server as shoppers would.
 */
export async function measurePlacing(
  options: Placing & { label: string; customers: PlacingCustomer[]; durationSeconds: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const startedAt = performance.now();
  const deadline = startedAt + options.durationSeconds * 1000;
  await Promise.all(
    options.customers.map(async (customer) => {
      while (performance.now() < deadline) {
        try {
          await fillCart(options, customer);
          latencies.push(await placeCart(options, customer));
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  if (firstError) console.log(`  placing: ${errors} failed, the first: ${firstError}`);
  return toLoad(options.label, latencies, errors, (performance.now() - startedAt) / 1000);
}

/** The merchant's newest `count` order ids, a page of 100 at a time. */
export async function newestOrderIds(merchant: Session, merchantId: string, count: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  while (ids.length < count) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: { items: { id: string }[]; next_cursor: string | null } = await getJson(
      merchant,
      `/orders/organisation/${merchantId}?limit=100${query}`,
    );
    ids.push(...page.items.map((order) => order.id));
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return ids.slice(0, count);
}

/** One PDF of the orders' tax invoices: seconds to its last byte, and its size. */
export async function timeBulkPdf(merchant: Session, merchantId: string, orderIds: string[]) {
  const startedAt = performance.now();
  const response = await fetch(
    `${merchant.url}/api/v1/orders/organisation/${merchantId}/bulk-pdf/type/invoice`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${merchant.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ order_ids: orderIds }),
    },
  );
  const bytes = (await response.arrayBuffer()).byteLength;
  const seconds = (performance.now() - startedAt) / 1000;
  const isPdf = response.ok && response.headers.get('content-type')?.startsWith('application/pdf') === true;
  return { seconds, bytes, isOk: isPdf, status: response.status };
}
