import { RETURN_TO_MERCHANT_DELAY_MS } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { ApiSession, PATIENCE, seeText, signIn } from './catalogue-helpers.ts';

// Issue 10 from the merchant's side: seeing the portal as the house customer and coming back, and
// entering an order for a customer who phoned it in.

const JOURNEY_MS = 120_000;

const journey = useJourney();

describe('the merchant and the ordering portal', () => {
  it(
    'views the portal as its customer, and returns to the merchant after saying so',
    async () => {
      const { page } = journey;
      await signIn(page, 'merchant@demo.test');
      await page.getByRole('button', { name: 'View as customer' }).click();
      await page.waitForURL((url) => url.pathname === '/orders/create', PATIENCE);
      await seeText(page, 'Harbourside Wholesale Ordering Portal');
      const banner = page.getByText('Customer view', { exact: true });
      await banner.waitFor(PATIENCE);
      await page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().waitFor(PATIENCE);

      // Timed from before the click: click() resolves only once the browser has answered, which
      // on busy cores can be well after the app's pause began, and timing from then measured the
      // pause short of what it was.
      const clickedAt = Date.now();
      await page.getByRole('button', { name: 'Return to merchant' }).click();
      await seeText(page, 'Returning to Harbourside Wholesale…');
      // Still in customer view while it says so…
      expect(new URL(page.url()).pathname).toBe('/orders/create');
      // …then back on the merchant's Home, as the merchant, after the pause.
      await page.waitForURL((url) => url.pathname === '/', PATIENCE);
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(RETURN_TO_MERCHANT_DELAY_MS - 100);
      await banner.waitFor({ state: 'detached', ...PATIENCE });
      await page.getByRole('button', { name: 'View as customer' }).waitFor(PATIENCE);
      await expect(page.getByText('Harbourside Wholesale Ordering Portal').count()).resolves.toBe(0);
    },
    JOURNEY_MS,
  );

  it(
    'enters an order for a customer by search, and the order says the merchant entered it',
    async () => {
      const { page, server } = journey;
      await signIn(page, 'merchant@demo.test');
      await page.goto('/orders/create');
      await page.getByRole('searchbox', { name: 'Search your customers' }).fill('Saltwater');
      await page.getByRole('button', { name: 'Choose Saltwater Kitchen' }).click(PATIENCE);
      await seeText(page, 'Ordering for Saltwater Kitchen');

      await page.getByRole('button', { name: 'Add by search' }).click();
      const picker = page.getByRole('dialog', { name: /Saltwater Kitchen’s order/ });
      const search = picker.getByRole('searchbox', { name: 'Search your products' });
      for (const name of ['Crema Blend 1kg', 'Dark Roast Blend 1kg']) {
        await search.fill(name);
        const row = picker.getByRole('row').filter({ hasText: name });
        await row.getByRole('button', { name: `Add ${name}`, exact: true }).click(PATIENCE);
        await row.getByText('Added', { exact: true }).waitFor(PATIENCE);
      }
      await picker.getByRole('button', { name: 'Done' }).click();
      await picker.waitFor({ state: 'hidden', ...PATIENCE });

      const cart = page.getByRole('complementary', { name: 'Cart' });
      const lines = cart.getByRole('list', { name: 'Cart lines' });
      await lines.getByRole('listitem', { name: 'Crema Blend 1kg' }).waitFor(PATIENCE);
      await lines.getByRole('listitem', { name: 'Dark Roast Blend 1kg' }).waitFor(PATIENCE);
      await cart.getByRole('radio', { name: /Pick-up from warehouse/ }).click();
      await cart.getByRole('combobox', { name: 'Pick-up date' }).waitFor(PATIENCE);
      await cart.getByRole('textbox', { name: 'Purchase order number' }).fill('PHONE-0412');
      await cart.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/, PATIENCE);

      const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
      const merchant = await ApiSession.signIn(server.url, 'merchant@demo.test');
      const order = await merchant.get<{
        number: number;
        customer: { name: string };
        is_placed_by_merchant: boolean;
        placed_by_name: string;
        shipping_method_name: string;
        purchase_order_number: string;
        lines: { name: string }[];
      }>(`/orders/${orderId}`);
      expect(order).toMatchObject({
        customer: { name: 'Saltwater Kitchen' },
        is_placed_by_merchant: true,
        placed_by_name: 'Mia Chen',
        shipping_method_name: 'Pick-up from warehouse',
        purchase_order_number: 'PHONE-0412',
      });
      expect(order.lines.map((line) => line.name).sort()).toEqual([
        'Crema Blend 1kg',
        'Dark Roast Blend 1kg',
      ]);
      // The order's screen says who entered it, and for whom.
      await page
        .getByRole('heading', { level: 1, name: `Order ${order.number}`, exact: true })
        .waitFor(PATIENCE);
      await seeText(page, 'Mia Chen (entered by Harbourside Wholesale)');
    },
    JOURNEY_MS,
  );
});
