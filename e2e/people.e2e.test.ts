import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import {
  type SmtpStandIn,
  startSmtpStandIn,
} from '../apps/server/src/platform/mail/testing/smtp-stand-in.ts';

let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await smtp?.stop();
});
// Registered after the stand-in's hooks: the server starts once it is up (and is told where it
// listens), and the stand-in stops after the server and browser have closed.
const journey = useJourney({ env: () => ({ SMTP_URL: smtp.url }) });

async function signIn(email: string, password = 'demo-password-1') {
  await journey.page.goto('/sign-in');
  await journey.page.getByLabel('Email').fill(email);
  await journey.page.getByLabel(/^Password/).fill(password);
  await journey.page.getByRole('button', { name: 'Sign in' }).click();
  await journey.page.waitForURL((url) => url.pathname !== '/sign-in');
}

/** The first link in an email that goes to `path`, made relative to the server under test. */
function linkTo(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://\\S+?${path}\\S*`));
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

describe('inviting a colleague', () => {
  it('emails a link the colleague accepts, after which they can switch organisations', async () => {
    await signIn('merchant@demo.test');
    await journey.page.goto('/organisations/details');
    const invite = journey.page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('Email').fill('customer@demo.test');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await journey.page.getByText('customer@demo.test').first().waitFor();

    const mail = await smtp.waitFor(
      (m) => m.to.includes('customer@demo.test') && /invitation/i.test(m.subject),
    );
    const link = linkTo(mail.text, '/user/invitations');

    // The colleague, in a browser of their own.
    await journey.page.context().close();
    await journey.openPage();
    await signIn('customer@demo.test');
    await journey.page.goto(link);
    await journey.page.getByRole('button', { name: 'Accept' }).first().click();
    await journey.page.waitForURL((url) => url.pathname === '/');

    const switcher = journey.page
      .getByRole('textbox', { name: 'Organisation' })
      .or(journey.page.getByLabel('Organisation'));
    await switcher.first().click();
    await journey.page.getByRole('option', { name: 'Bean There Café' }).click();
    await journey.page.waitForURL((url) => url.pathname === '/');
    await journey.page.getByText('Harbourside Wholesale Ordering Portal').first().waitFor();
  });
});

describe('a forgotten password', () => {
  it('is reset from the emailed code', async () => {
    await journey.page.goto('/sign-in');
    await journey.page.getByRole('link', { name: /forgot/i }).click();
    await journey.page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await journey.page.getByLabel('Email').fill('bistro@demo.test');
    await journey.page.getByRole('button', { name: 'Send code' }).click();
    await journey.page
      .getByText(/if an account exists/i)
      .first()
      .waitFor();

    const mail = await smtp.waitFor((m) => m.to.includes('bistro@demo.test') && /reset/i.test(m.subject));
    const code = mail.text.match(/code is ([0-9A-Z-]+)/)?.[1];
    expect(code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{1,5})+$/);

    await journey.page.goto('/sign-in/reset-password/verify?email=bistro%40demo.test');
    await journey.page.getByLabel('Code').fill(code!);
    await journey.page.getByLabel('New password').fill('fresh sourdough daily');
    await journey.page.getByRole('button', { name: 'Change password' }).click();
    await journey.page
      .getByText(/password has been (reset|changed)|sign in with your new password/i)
      .first()
      .waitFor();

    await signIn('bistro@demo.test', 'fresh sourdough daily');
    await journey.page.getByRole('navigation').getByText('Ordering', { exact: true }).waitFor();
  });
});

describe('a merchant User (not Admin)', () => {
  it('sees no Integrations or Organisations entries', async () => {
    await signIn('staff@demo.test');
    const nav = journey.page.getByRole('navigation');
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
      await journey.page.goto(path);
      await journey.page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await journey.page.title()).toBe(`${title} · Tradeport`);
    }
    // Real data, not placeholders: the demo customers are listed.
    await journey.page.goto('/customers');
    await journey.page
      .getByRole('cell', { name: 'Bean There Café' })
      .or(journey.page.getByText('Bean There Café'))
      .first()
      .waitFor();
    await journey.page.getByText('The Corner Bistro').first().waitFor();
  });
});
