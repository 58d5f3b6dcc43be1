import { formatDollars } from '@tradeport/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { answerConsentPage } from '../apps/server/src/integrations/stripe/testing/stripe-stand-in.ts';
import { type ApiSession, PATIENCE } from './catalogue-helpers.ts';

// What the journeys that take a card payment share: amounts as the screens write them, a card
// typed into the Stripe.js stand-in, and the merchant's Stripe account connected.

/** Dollars as the screens write them: "$1,234.50". */
export const money = (cents: number) => `$${formatDollars(cents, { grouping: true })}`;

/** Types a card into the Stripe.js stand-in's payment element. */
export async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number, PATIENCE);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

/** Connects the merchant's Stripe account through the API, unless it already is. */
export async function ensureStripeConnected(merchant: ApiSession, merchantId: string) {
  const path = `/stripe/connect/organisation/${merchantId}/settings`;
  const settings = await merchant.get<{ status: string }>(path, merchantId);
  if (settings.status !== 'NOT_CONNECTED') return;
  const start = await merchant.send('POST', `${path}/connect`, { organisationId: merchantId });
  const { url } = (await start.json()) as { url: string };
  const back = await answerConsentPage(url);
  const done = await merchant.send('POST', `${path}/oauth`, {
    organisationId: merchantId,
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(done.status).toBe(200);
}
