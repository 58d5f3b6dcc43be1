import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { ApiSession, PATIENCE, signIn } from './catalogue-helpers.ts';

// Issue 10: an order placed after a delivery method's cut-off is delivered a day later. The server
// runs on a clock started at a Wednesday afternoon in Sydney (TRADEPORT_FAKE_NOW, read by test
// servers only), after Weekday delivery's 2 pm cut-off and before a late van's 11:30 pm one: both
// run Monday to Friday the next day, so the first is offered from Friday, the second from
// Thursday. A Wednesday, so no weekend is in the way and the date moves by exactly the cut-off.

const JOURNEY_MS = 120_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The next Wednesday after today at 04:30 UTC: 3:30 pm in Sydney in summer (AEDT), 2:30 pm in
 * winter (AEST), after 2 pm either way, and on the same calendar day. In the future (1 to 7 days
 * ahead), so what the server dates from its clock (sessions, tokens) has not already expired.
 */
function nextWednesdayAfternoon(): Date {
  const today = new Date();
  const daysAhead = (3 - today.getUTCDay() + 7) % 7 || 7;
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 4, 30));
  return new Date(day.getTime() + daysAhead * DAY_MS);
}

const wednesday = nextWednesdayAfternoon();
const isoDay = (offsetDays: number) =>
  new Date(wednesday.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const [WEDNESDAY, THURSDAY, FRIDAY] = [isoDay(0), isoDay(1), isoDay(2)];

// Its own demo data, seeded on the Wednesday clock like the rest of what its server dates.
const journey = useJourney({
  env: () => ({ TRADEPORT_FAKE_NOW: wednesday.toISOString() }),
  ownDemoData: true,
});

describe('delivery dates and the cut-off', () => {
  it(
    'offers Friday by Weekday delivery to an order placed on Wednesday after its cut-off, and places it so',
    async () => {
      const { page, server } = journey;
      const merchant = await ApiSession.signIn(server.url, 'merchant@demo.test');
      const merchantId = await merchant.organisationId('Harbourside Wholesale');
      const created = await merchant.send('POST', `/shipping/methods/organisation/${merchantId}`, {
        organisationId: merchantId,
        body: {
          name: 'Late van',
          kind: 'DELIVERY',
          fee_cents: 2_000,
          weekdays: [1, 2, 3, 4, 5],
          lead_days: 1,
          cut_off_minutes: 23 * 60 + 30,
        },
      });
      expect(created.status, await created.clone().text()).toBe(201);

      await signIn(page, 'customer@demo.test');
      await page.goto('/orders/create');
      const name = 'House Espresso Blend 1kg';
      await page.getByRole('searchbox', { name: 'Search products' }).fill('House Espresso');
      const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem', { name });
      await card.waitFor(PATIENCE);
      // Enough for the van's $100 minimum.
      for (let i = 0; i < 4; i += 1) await card.getByRole('button', { name: `More ${name}` }).click();
      await card.getByRole('button', { name: `Add to cart: ${name}` }).click();
      await card.getByText(/\d+ in cart/).waitFor(PATIENCE);

      const cart = page.getByRole('complementary', { name: 'Cart' });
      const date = cart.getByRole('combobox', { name: 'Delivery date' });
      const firstOffered = async () => date.locator('option').first().getAttribute('value');

      await cart.getByRole('radio', { name: /Late van/ }).click();
      await expect.poll(() => date.inputValue(), PATIENCE).toBe(THURSDAY);
      expect(await firstOffered()).toBe(THURSDAY);

      await cart.getByRole('radio', { name: /Weekday delivery/ }).click();
      await expect.poll(() => date.inputValue(), PATIENCE).toBe(FRIDAY);
      expect(await firstOffered()).toBe(FRIDAY);
      await expect(date.locator(`option[value="${THURSDAY}"]`).count()).resolves.toBe(0);

      await cart.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/, PATIENCE);
      const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
      const cafe = await ApiSession.signIn(server.url, 'customer@demo.test');
      const order = await cafe.get<{
        placed_at: string;
        delivery_date: string;
        shipping_method_name: string;
      }>(`/orders/${orderId}`);
      expect(order.shipping_method_name).toBe('Weekday delivery');
      expect(order.delivery_date).toBe(FRIDAY);
      // Placed on the server's Wednesday, a few seconds into the afternoon it started at.
      expect(order.placed_at.slice(0, 10)).toBe(WEDNESDAY);
      expect(Date.parse(order.placed_at) - wednesday.getTime()).toBeLessThan(5 * 60_000);
    },
    JOURNEY_MS,
  );
});
