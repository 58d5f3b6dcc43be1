import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';

const journey = useJourney();

async function signIn(email: string, password = 'demo-password-1') {
  await journey.page.getByLabel('Email').fill(email);
  await journey.page.getByLabel('Password').fill(password);
  await journey.page.getByRole('button', { name: 'Sign in' }).click();
}

describe('signing in', () => {
  it('takes the demo merchant into the shell with the Sales menu', async () => {
    await journey.page.goto('/sign-in');
    await journey.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await signIn('merchant@demo.test');

    await journey.page.waitForURL(`${journey.server.url}/`);
    const nav = journey.page.getByRole('navigation');
    await nav.getByText('Sales', { exact: true }).waitFor();
    await expect(nav.getByRole('link', { name: 'All Orders' }).isVisible()).resolves.toBe(true);
    await expect(nav.getByRole('link', { name: 'Products', exact: true }).isVisible()).resolves.toBe(true);
    await expect(journey.page.getByText('Harbourside Wholesale').first().isVisible()).resolves.toBe(true);
    expect(await journey.page.title()).toBe('Home · Tradeport');
  });

  it('shows the customer the Ordering wording and the merchant portal title', async () => {
    await journey.page.goto('/sign-in');
    await signIn('customer@demo.test');

    await journey.page.waitForURL(`${journey.server.url}/`);
    const nav = journey.page.getByRole('navigation');
    await nav.getByText('Ordering', { exact: true }).waitFor();
    await expect(
      journey.page.getByText('Harbourside Wholesale Ordering Portal').first().isVisible(),
    ).resolves.toBe(true);
    // Merchant-only entries are not there.
    await expect(nav.getByRole('link', { name: 'Products', exact: true }).count()).resolves.toBe(0);
    await expect(nav.getByRole('link', { name: 'Customers', exact: true }).count()).resolves.toBe(0);
  });

  it('says so when the password is wrong, and stays on the sign-in page', async () => {
    await journey.page.goto('/sign-in');
    await signIn('merchant@demo.test', 'wrong-password');
    await journey.page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' }).waitFor();
    expect(new URL(journey.page.url()).pathname).toBe('/sign-in');
  });

  it('sends a signed-out visitor to sign in and back to the page they asked for', async () => {
    await journey.page.goto('/orders?status=PROCESSING');
    await journey.page.waitForURL(/\/sign-in\?returnUrl=/);
    expect(new URL(journey.page.url()).searchParams.get('returnUrl')).toBe('/orders?status=PROCESSING');

    await signIn('merchant@demo.test');
    await journey.page.waitForURL(`${journey.server.url}/orders?status=PROCESSING`);
    await journey.page.getByRole('heading', { level: 1, name: 'All Orders' }).waitFor();
    expect(await journey.page.title()).toBe('All Orders · Tradeport');
  });

  it('keeps the session across a reload and ends it on sign-out', async () => {
    await journey.page.goto('/sign-in');
    await signIn('merchant@demo.test');
    await journey.page.waitForURL(`${journey.server.url}/`);
    await journey.page.reload();
    await journey.page.getByRole('navigation').getByRole('link', { name: 'All Orders' }).waitFor();

    await journey.page.getByRole('navigation').getByRole('link', { name: 'Log out' }).click();
    await journey.page.waitForURL(/\/sign-in$/);
    await journey.page.goto('/orders');
    await journey.page.waitForURL(/\/sign-in\?returnUrl=%2Forders/);
  });
});
