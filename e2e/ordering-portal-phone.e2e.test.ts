import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { PATIENCE, signIn } from './catalogue-helpers.ts';

// Issue 10: most venue staff order from a phone. The portal at 390 px: one column, nothing to
// scroll sideways to, the tier's prices marked, and the cart one tap away wherever the list is.

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
});
