import { type CatalogueProduct, ORGANISATION_HEADER, PRODUCT_CSV_COLUMNS } from '@tradeport/contract';
import type { Locator, Page } from 'playwright-core';

/** Waits that allow for two busy cores: long enough to be patient, short enough to fail clearly. */
export const PATIENCE = { timeout: 20_000 };

export async function signIn(page: Page, email: string, password = 'demo-password-1') {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/sign-in', PATIENCE);
}

/** A toast (or any text) appearing, found as a person reads it. */
export async function seeText(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor(PATIENCE);
}

/** Chooses an option in a searchable picker (Mantine Select): type a search, click the option. */
export async function choose(page: Page, picker: Locator, search: string, option: string) {
  await picker.click();
  await picker.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click(PATIENCE);
}

/** Adds `name` to a tier or group through its "Add products" picker; a tier's add keeps the base price. */
export async function addThroughProductPicker(page: Page, groupName: string, name: string) {
  await page.getByRole('region', { name: 'Products' }).getByRole('button', { name: 'Add products' }).click();
  const picker = page.getByRole('dialog', { name: `Add products to “${groupName}”` });
  await picker.getByRole('searchbox', { name: 'Search your products' }).fill(name);
  await picker.getByRole('button', { name: `Add ${name}`, exact: true }).click(PATIENCE);
  await picker.getByText('Added', { exact: true }).waitFor(PATIENCE);
  await picker.getByRole('button', { name: 'Done' }).click();
  await picker.waitFor({ state: 'hidden', ...PATIENCE });
}

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A CSV file for the import picker, from rows keyed by column (missing cells are blank). */
export function csvFile(name: string, rows: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>[]) {
  const columns = PRODUCT_CSV_COLUMNS.filter((column) => rows.some((row) => row[column] !== undefined));
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((column) => row[column] ?? '').join(',')),
  ];
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

/** The API as a signed-in person sees it over plain HTTP, as a customer's app would call it. */
export class ApiSession {
  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async signIn(baseUrl: string, email: string, password = 'demo-password-1') {
    const response = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
    const { access_token } = (await response.json()) as { access_token: string };
    return new ApiSession(baseUrl, access_token);
  }

  async get<T>(path: string, organisationId?: string): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(organisationId ? { [ORGANISATION_HEADER]: organisationId } : {}),
      },
    });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** Any call, answered as it comes (a PDF's bytes, an error's status); the caller checks it. */
  async send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options: { body?: unknown; organisationId?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    return fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...options.headers,
        authorization: `Bearer ${this.token}`,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.organisationId ? { [ORGANISATION_HEADER]: options.organisationId } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  }

  /** The id of the organisation titled `title` among this person's memberships. */
  async organisationId(title: string): Promise<string> {
    const user = await this.get<{ organisations: { id: string; title: string }[] }>('/users/current');
    const found = user.organisations.find((organisation) => organisation.title === title);
    if (!found) throw new Error(`no membership of ${title}: ${JSON.stringify(user.organisations)}`);
    return found.id;
  }

  /** The merchant's catalogue as `customerId` sees it, narrowed by a search. */
  async catalogue(merchantId: string, customerId: string, search: string) {
    const query = new URLSearchParams({ customer_organisation_id: customerId, search });
    const page = await this.get<{ items: CatalogueProduct[] }>(
      `/products/organisation/${merchantId}/catalogue?${query}`,
      customerId,
    );
    return page.items;
  }
}
