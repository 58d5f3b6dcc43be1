import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type SmtpStandIn,
  startSmtpStandIn,
} from '../apps/server/src/platform/mail/testing/smtp-stand-in.ts';
import { launchBrowser } from '../scripts/lib/browser.ts';
import { type RunningServer, startServer } from '../scripts/lib/server-process.ts';

let smtp: SmtpStandIn;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: smtp.url } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});
beforeEach(async () => {
  page = await (await browser.newContext({ baseURL: server.url, locale: 'en-AU' })).newPage();
});
afterEach(async () => {
  await page.context().close();
});

async function signIn(email: string, password = 'demo-password-1') {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

/** The first link in an email that goes to `path`, made relative to the server under test. */
function linkTo(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://\\S+?${path}\\S*`));
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

describe('a new merchant', () => {
  it('signs up through the real bot check, creates the organisation and sees the trial banner', async () => {
    await page.goto('/sign-up');
    await page.getByLabel('Your name').fill('Olive Grove');
    await page.getByLabel('Email').fill('olive@grove.test');
    await page.getByLabel(/^Password/).fill('grapes by the barrel');
    // The real ALTCHA widget: once the form has focus it fetches a challenge from our API and
    // solves the proof of work in the browser.
    await page.locator('altcha-widget [data-state="verified"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create account' }).click();

    // The address is confirmed with the code from the welcome email before going on.
    await page.waitForURL('**/sign-up/verify-email?**');
    const mail = await smtp.waitFor((m) => m.to.includes('olive@grove.test') && /confirm/i.test(m.subject));
    const code = mail.text.match(/code is ([0-9A-Z-]+)/)?.[1];
    if (!code) throw new Error(`no code in:\n${mail.text}`);
    await page.getByLabel(/^Code/).fill(code);
    await page.getByRole('button', { name: 'Confirm email' }).click();

    await page.waitForURL('**/sign-up-organisation');
    await page.getByLabel('Business name').fill('Grove Provisions');
    await page.getByLabel('ABN').fill('53 004 085 616');
    await page.getByLabel('Phone').fill('02 9555 0188');
    await page.getByRole('button', { name: 'Create organisation' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(/trial/i).first().waitFor();
    await page.getByRole('navigation').getByText('Sales', { exact: true }).waitFor();
  });
});

describe('inviting a colleague', () => {
  it('emails a link the colleague accepts, after which they can switch organisations', async () => {
    await signIn('merchant@demo.test');
    await page.goto('/organisations/details');
    const invite = page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('Email').fill('customer@demo.test');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('customer@demo.test').first().waitFor();

    const mail = await smtp.waitFor(
      (m) => m.to.includes('customer@demo.test') && /invitation/i.test(m.subject),
    );
    const link = linkTo(mail.text, '/user/invitations');

    // The colleague, in a browser of their own.
    await page.context().close();
    page = await (await browser.newContext({ baseURL: server.url, locale: 'en-AU' })).newPage();
    await signIn('customer@demo.test');
    await page.goto(link);
    await page.getByRole('button', { name: 'Accept' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');

    const switcher = page.getByRole('textbox', { name: 'Organisation' }).or(page.getByLabel('Organisation'));
    await switcher.first().click();
    await page.getByRole('option', { name: 'Bean There Café' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Harbourside Wholesale Ordering Portal').first().waitFor();
  });
});

describe('a forgotten password', () => {
  it('is reset from the emailed code', async () => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: /forgot/i }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await page.getByLabel('Email').fill('bistro@demo.test');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page
      .getByText(/if an account exists/i)
      .first()
      .waitFor();

    const mail = await smtp.waitFor((m) => m.to.includes('bistro@demo.test') && /reset/i.test(m.subject));
    const code = mail.text.match(/code is ([0-9A-Z-]+)/)?.[1];
    expect(code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{1,5})+$/);

    await page.goto('/sign-in/reset-password/verify?email=bistro%40demo.test');
    await page.getByLabel('Code').fill(code!);
    await page.getByLabel('New password').fill('fresh sourdough daily');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText(/password has been (reset|changed)|sign in with your new password/i)
      .first()
      .waitFor();

    await signIn('bistro@demo.test', 'fresh sourdough daily');
    await page.getByRole('navigation').getByText('Ordering', { exact: true }).waitFor();
  });
});

describe('a merchant User (not Admin)', () => {
  it('sees no Integrations or Organisations entries', async () => {
    await signIn('staff@demo.test');
    const nav = page.getByRole('navigation');
    await nav.getByText('Sales', { exact: true }).waitFor();
    await nav.getByRole('link', { name: 'User account' }).waitFor();
    for (const entry of ['Integrations', 'Xero', 'Stripe', 'Organisation details', 'Organisation billing']) {
      expect(await nav.getByText(entry, { exact: true }).count()).toBe(0);
    }
  });
});

describe('the screens of this capability, for the demo merchant Admin', () => {
  it('render with their titles', async () => {
    await signIn('merchant@demo.test');
    const screens = [
      { path: '/customers', title: 'Customers' },
      { path: '/organisations/details', title: 'Organisation details' },
      { path: '/user/account', title: 'User account' },
      { path: '/user/invitations', title: 'Invitations' },
      { path: '/support', title: 'Support' },
    ];
    for (const { path, title } of screens) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.title()).toBe(`${title} · Tradeport`);
    }
    // Real data, not placeholders: the demo customers are listed.
    await page.goto('/customers');
    await page
      .getByRole('cell', { name: 'Bean There Café' })
      .or(page.getByText('Bean There Café'))
      .first()
      .waitFor();
    await page.getByText('The Corner Bistro').first().waitFor();
  });
});
