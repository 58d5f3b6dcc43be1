import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { ApiSession, PATIENCE, signIn } from './catalogue-helpers.ts';

// Issue 10: most venue staff order from a phone. The portal at 390 px: one column, nothing to
// scroll sideways to, the tier's prices marked, filters by brand that offer only what the venue
// sees, and the cart one tap away wherever the list is.

const PHONE = { width: 390, height: 844 };
const JOURNEY_MS = 120_000;

const journey = useJourney({ viewport: PHONE, isMobile: true });

type PageWindow = {
  document: { documentElement: { scrollWidth: number } };
  scrollTo: (x: number, y: number) => void;
  innerHeight: number;
};

describe('the ordering portal on a phone', () => {
  it(
    'shows the products in one column with the café’s prices, and keeps the cart button on screen',
    async () => {
      const { page } = journey;
      await signIn(page, 'customer@demo.test');
      await page.goto('/orders/create');
      const products = page.getByRole('list', { name: 'Products' });
      await products.getByRole('listitem').first().waitFor(PATIENCE);

      // One column: the first two cards are one above the other, each inside the screen.
      const [first, second] = [products.getByRole('listitem').nth(0), products.getByRole('listitem').nth(1)];
      const [a, b] = [await first.boundingBox(), await second.boundingBox()];
      expect(a!.x).toBeGreaterThanOrEqual(0);
      expect(a!.x + a!.width).toBeLessThanOrEqual(PHONE.width);
      expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
      const width = await page.evaluate(
        () => (globalThis as unknown as PageWindow).document.documentElement.scrollWidth,
      );
      expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(PHONE.width);

      // The café is a "Hospitality Partner": some of its prices are its tier's.
      await products.getByText('Your price').first().waitFor(PATIENCE);

      // Scrolled down the list, the cart button is still at the bottom of the screen.
      await page.evaluate(() => (globalThis as unknown as PageWindow).scrollTo(0, 1_500));
      const cartButton = page.getByRole('button', { name: /^View cart/ });
      await cartButton.waitFor(PATIENCE);
      const box = await cartButton.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
      expect(box!.y).toBeGreaterThan(PHONE.height / 2);
      // Big enough for a thumb.
      expect(box!.height).toBeGreaterThanOrEqual(44);

      await cartButton.click();
      await page.getByRole('dialog', { name: 'Cart' }).waitFor(PATIENCE);
    },
    JOURNEY_MS,
  );

  it(
    'lets the bistro find only what it may order, by brand and search, fill the cart with the stepper, choose a delivery day and place it',
    async () => {
      const { page, server } = journey;
      // The single origins are for partner cafés: Bean There sees them, the bistro does not.
      const cafe = await ApiSession.signIn(server.url, 'customer@demo.test');
      const cafeId = await cafe.organisationId('Bean There Café');
      const merchant = await ApiSession.signIn(server.url, 'merchant@demo.test');
      const merchantId = await merchant.organisationId('Harbourside Wholesale');
      const premium = await cafe.catalogue(merchantId, cafeId, 'Yirgacheffe');
      expect(premium.map((product) => product.name)).toContain('Ethiopia Yirgacheffe 1kg');

      await signIn(page, 'bistro@demo.test');
      await page.goto('/orders/create');
      const products = page.getByRole('list', { name: 'Products' });
      await products.getByRole('listitem').first().waitFor(PATIENCE);
      // The bistro's Wholesale tier marks its prices.
      await products.getByText('Your price').first().waitFor(PATIENCE);

      const search = page.getByRole('searchbox', { name: 'Search products' });
      await search.fill('Yirgacheffe');
      await page.getByText('No products match “Yirgacheffe”').waitFor(PATIENCE);
      await expect(products.count()).resolves.toBe(0);

      // The brands it can filter by are those of products it sees: the single origins' roaster
      // is not among them. Chosen, the brand narrows the list and stays in the URL.
      await search.fill('');
      const brand = page.getByRole('combobox', { name: 'Brand' });
      const brandNames = () => brand.locator('option').allTextContents();
      await expect.poll(brandNames, PATIENCE).toContain('Harbour Roast Co.');
      expect(await brandNames()).not.toContain('Bondi Bean Roasters');
      const brandBox = await brand.boundingBox();
      expect(brandBox!.x + brandBox!.width).toBeLessThanOrEqual(PHONE.width);
      await brand.selectOption({ label: 'Harbour Roast Co.' });
      await page.waitForURL(/[?&]brand=[0-9a-f-]{36}/, PATIENCE);
      await expect
        .poll(async () => {
          const cards = await products.getByRole('listitem').allTextContents();
          return cards.length > 0 && cards.every((text) => text.includes('Harbour Roast Co.'));
        }, PATIENCE)
        .toBe(true);

      const name = 'House Espresso Blend 1kg';
      await search.fill('House Espresso');
      // The brand's list already holds the blend: wait for the search itself (it is debounced).
      await page.waitForURL((url) => url.searchParams.get('q') === 'House Espresso', PATIENCE);
      const card = products.getByRole('listitem', { name });
      await card.waitFor(PATIENCE);
      const quantity = card.getByRole('textbox', { name: `Quantity of ${name}` });
      const first = Number(await quantity.inputValue());
      for (let i = 0; i < 4; i += 1) await card.getByRole('button', { name: `More ${name}` }).click();
      await expect.poll(() => quantity.inputValue(), PATIENCE).toBe(String(first * 5));
      await card.getByRole('button', { name: `Add to cart: ${name}` }).click();
      await card.getByText(`${first * 5} in cart`).waitFor(PATIENCE);

      // Searched within the brand: both in the URL.
      expect(new URL(page.url()).searchParams.get('q')).toBe('House Espresso');
      expect(new URL(page.url()).searchParams.get('brand')).toMatch(/^[0-9a-f-]{36}$/);

      await page.getByRole('button', { name: /^View cart/ }).click();
      const cart = page.getByRole('dialog', { name: 'Cart' });
      await cart.getByRole('radio', { name: /Weekday delivery/ }).click();
      const date = cart.getByRole('combobox', { name: 'Delivery date' });
      await date.waitFor(PATIENCE);
      // Not the earliest: the second day offered, as a venue ordering ahead would.
      const second = await date.locator('option').nth(1).getAttribute('value');
      await date.selectOption(second!);
      await expect.poll(() => date.inputValue(), PATIENCE).toBe(second);
      await cart.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/, PATIENCE);

      const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
      const bistro = await ApiSession.signIn(server.url, 'bistro@demo.test');
      const order = await bistro.get<{
        number: number;
        customer: { name: string };
        status: string;
        delivery_date: string;
        shipping_method_name: string;
        is_placed_by_merchant: boolean;
        lines: { name: string; quantity: number }[];
      }>(`/orders/${orderId}`);
      expect(order).toMatchObject({
        customer: { name: 'The Corner Bistro' },
        status: 'PROCESSING',
        delivery_date: second,
        shipping_method_name: 'Weekday delivery',
        is_placed_by_merchant: false,
        lines: [{ name, quantity: first * 5 }],
      });
      // Landed on that order's own screen.
      await page
        .getByRole('heading', { level: 1, name: `Order ${order.number}`, exact: true })
        .waitFor(PATIENCE);
    },
    JOURNEY_MS,
  );
});
