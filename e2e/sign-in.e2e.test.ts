import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../scripts/lib/browser.ts';
import { type RunningServer, startServer } from '../scripts/lib/server-process.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-AU' });
  page = await context.newPage();
});
afterEach(async () => {
  await page.context().close();
});

async function signIn(email: string, password = 'demo-password-1') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('signing in', () => {
  it('takes the demo merchant into the shell with the Sales menu', async () => {
    await page.goto('/sign-in');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await signIn('merchant@demo.test');

    await page.waitForURL(`${server.url}/`);
    const nav = page.getByRole('navigation');
    await nav.getByText('Sales', { exact: true }).waitFor();
    await expect(nav.getByRole('link', { name: 'All Orders' }).isVisible()).resolves.toBe(true);
    await expect(nav.getByRole('link', { name: 'Products', exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Harbourside Wholesale').first().isVisible()).resolves.toBe(true);
    expect(await page.title()).toBe('Home · Tradeport');
  });

  it('shows the customer the Ordering wording and the merchant portal title', async () => {
    await page.goto('/sign-in');
    await signIn('customer@demo.test');

    await page.waitForURL(`${server.url}/`);
    const nav = page.getByRole('navigation');
    await nav.getByText('Ordering', { exact: true }).waitFor();
    await expect(page.getByText('Harbourside Wholesale Ordering Portal').first().isVisible()).resolves.toBe(
      true,
    );
    // Merchant-only entries are not there.
    await expect(nav.getByRole('link', { name: 'Products', exact: true }).count()).resolves.toBe(0);
    await expect(nav.getByRole('link', { name: 'Customers', exact: true }).count()).resolves.toBe(0);
  });

  it('says so when the password is wrong, and stays on the sign-in page', async () => {
    await page.goto('/sign-in');
    await signIn('merchant@demo.test', 'wrong-password');
    await page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });

  it('sends a signed-out visitor to sign in and back to the page they asked for', async () => {
    await page.goto('/orders?status=PROCESSING');
    await page.waitForURL(/\/sign-in\?returnUrl=/);
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/orders?status=PROCESSING');

    await signIn('merchant@demo.test');
    await page.waitForURL(`${server.url}/orders?status=PROCESSING`);
    await page.getByRole('heading', { level: 1, name: 'All Orders' }).waitFor();
    expect(await page.title()).toBe('All Orders · Tradeport');
  });

  it('keeps the session across a reload and ends it on sign-out', async () => {
    await page.goto('/sign-in');
    await signIn('merchant@demo.test');
    await page.waitForURL(`${server.url}/`);
    await page.reload();
    await page.getByRole('navigation').getByRole('link', { name: 'All Orders' }).waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(/\/sign-in$/);
    await page.goto('/orders');
    await page.waitForURL(/\/sign-in\?returnUrl=%2Forders/);
  });
});
