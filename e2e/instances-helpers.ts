import { randomUUID } from 'node:crypto';
import pg from 'pg';

// HTTP and database steps for the two-instance journey (instances.e2e.test.ts), which talks to
// the processes as an API client would, without a browser.

/** The PostgreSQL server the journey makes its own database on (CI's and every dev machine's). */
const ADMIN_URL = process.env.TRADEPORT_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`The two-instance journey needs PostgreSQL at ${url}: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database; its URL. */
export async function createDatabase(name: string): Promise<string> {
  await asAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await asAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
}

export type Api = {
  ok<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    status?: number,
    headers?: Record<string, string>,
  ): Promise<T>;
};

/** Calls `/api/v1…` on one process with a bearer token, expecting `status` (200). */
export function apiAs(baseUrl: string, token: string): Api {
  return {
    async ok<T>(
      method: string,
      path: string,
      body?: unknown,
      status = 200,
      headers: Record<string, string> = {},
    ) {
      const response = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status !== status)
        throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}

export async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password-1' }),
  });
  if (!response.ok)
    throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The customer organisation the signed-in person acts for, and the merchant it orders from. */
async function portalIds(customer: Api) {
  const me = await customer.ok<{ organisations: { id: string }[] }>('GET', '/users/current');
  const customerId = me.organisations[0]!.id;
  const merchants = await customer.ok<{ id: string }[]>('GET', '/organisations/merchant', undefined, 200, {
    'x-organisation-id': customerId,
  });
  return { merchantId: merchants[0]!.id, customerId };
}

/** The café's cart with the first product it sees and its first delivery method, placed. */
export async function placeOrder(customer: Api): Promise<{ id: string; number: number }> {
  const { merchantId, customerId } = await portalIds(customer);
  const catalogue = await customer.ok<{ items: { id: string }[] }>(
    'GET',
    `/products/organisation/${merchantId}/catalogue?customer_organisation_id=${customerId}&limit=1`,
  );
  const product = catalogue.items[0]!;
  const cartPath = `/orders/cart/organisation/${merchantId}?customer_organisation_id=${customerId}`;
  await customer.ok(
    'PUT',
    `/orders/cart/product/${product.id}?merchant_id=${merchantId}&customer_organisation_id=${customerId}`,
    { quantity: 10 },
  );
  const cart = await customer.ok<{ version: number; delivery_options: { id: string }[] }>('GET', cartPath);
  await customer.ok('PUT', cartPath, {
    version: cart.version,
    shipping_method_id: cart.delivery_options[0]!.id,
    requested_delivery_date: null,
    notes: null,
    purchase_order_number: null,
  });
  return customer.ok('POST', cartPath, {}, 201, { 'idempotency-key': randomUUID() });
}
