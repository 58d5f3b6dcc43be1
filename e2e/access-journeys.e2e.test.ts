import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';

const journey = useJourney();

async function signIn(email: string, password = 'demo-password-1') {
  await journey.page.goto('/sign-in');
  await journey.page.getByLabel('Email').fill(email);
  await journey.page.getByLabel('Password').fill(password);
  await journey.page.getByRole('button', { name: 'Sign in' }).click();
  await journey.page.waitForURL(`${journey.server.url}/`);
  await journey.page.getByRole('navigation', { name: 'Main' }).waitFor();
}

describe('a returning person whose sign-in ended elsewhere', () => {
  it('goes straight to sign-in with a returnUrl, not to "Checking your session…" for ever', async () => {
    await signIn('merchant@demo.test');

    // Signed out from another browser holding the same refresh cookie: the server revokes it.
    const elsewhere = await journey.browser.newContext({ baseURL: journey.server.url });
    await elsewhere.addCookies(await journey.page.context().cookies());
    const signedOut = await elsewhere.request.post('/api/v1/auth/sign-out');
    expect(signedOut.status()).toBe(200);
    await elsewhere.close();

    // Some time later: the stored access token has lapsed too.
    await journey.page.evaluate(() => {
      const key = 'tradeport.session';
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...session, expiresAt: '2020-01-01T00:00:00.000Z' }));
    });
    await journey.page.goto('/customers?search=bean');

    await journey.page.waitForURL(/\/sign-in\?returnUrl=/, { timeout: 5_000 });
    expect(new URL(journey.page.url()).searchParams.get('returnUrl')).toBe('/customers?search=bean');
    await journey.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });
});

describe('the side menu by keyboard', () => {
  it('reaches the Integrations group with Tab, opens it with Enter, and follows Xero with Enter', async () => {
    await signIn('merchant@demo.test');
    const nav = journey.page.getByRole('navigation', { name: 'Main' });
    const group = nav.getByRole('button', { name: 'Integrations' });
    await group.waitFor();

    let isOnGroup = false;
    for (let step = 0; step < 80 && !isOnGroup; step++) {
      await journey.page.keyboard.press('Tab');
      isOnGroup = (await group.and(journey.page.locator(':focus')).count()) === 1;
    }
    expect(isOnGroup).toBe(true);
    await journey.page.keyboard.press('Enter');
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    const xero = nav.getByRole('link', { name: 'Xero' });
    await xero.waitFor();
    await journey.page.keyboard.press('Tab');
    expect(await xero.and(journey.page.locator(':focus')).count()).toBe(1);
    await journey.page.keyboard.press('Enter');
    await journey.page.waitForURL(`${journey.server.url}/xero/settings`);
  });
});

describe('a café user', () => {
  it('gets the not-found page at a merchant address, with none of the merchant’s buttons', async () => {
    await signIn('customer@demo.test');
    for (const path of ['/products', '/customers', '/pricing']) {
      await journey.page.goto(path);
      await journey.page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      // Absence proves something only once the page has settled: every request answered, so a
      // button or refusal drawn after a late answer would be here by now.
      await journey.page.waitForLoadState('networkidle');
      for (const name of ['Import', 'Export', 'Create', 'New']) {
        expect(await journey.page.getByRole('button', { name, exact: false }).count()).toBe(0);
      }
      expect(await journey.page.getByText('Only merchants can do this').count()).toBe(0);
    }
  });

  it('as an Admin sees no billing entry and no sign-in address on the organisation’s details', async () => {
    await signIn('customer@demo.test');
    const nav = journey.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Organisation details' }).click();
    await journey.page.getByRole('textbox', { name: /^Business name/ }).waitFor();
    expect(await journey.page.getByRole('textbox', { name: /^Sign-in address/ }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Organisation billing' }).count()).toBe(0);

    await journey.page.getByRole('button', { name: 'Save details' }).click();
    await journey.page.getByText('Organisation details saved').waitFor();
  });
});

describe('a merchant User', () => {
  it('is told why the organisation’s details are not theirs to change', async () => {
    await signIn('staff@demo.test');
    await journey.page.goto('/organisations/details');
    await journey.page
      .getByText('Only an Admin of this organisation can change this.', { exact: false })
      .waitFor();
    expect(await journey.page.getByRole('button', { name: 'Save details' }).count()).toBe(0);
  });
});
