import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { PATIENCE, signIn } from './catalogue-helpers.ts';

// The products list on a phone (390 × 844): each product's name, SKU, price and status are in
// view without scrolling sideways.

const MERCHANT = 'merchant@demo.test';

const journey = useJourney({ viewport: { width: 390, height: 844 }, isMobile: true });

describe('the products list on a phone', () => {
  it('shows each product’s name, SKU, price and status within the screen’s width', async () => {
    await signIn(journey.page, MERCHANT);
    await journey.page.goto('/products');
    const list = journey.page.getByRole('list', { name: 'Products' });
    await list.waitFor(PATIENCE);
    const cards = list.getByRole('listitem');
    expect(await cards.count()).toBeGreaterThan(2);

    const viewport = journey.page.viewportSize()!;
    for (const index of [0, 1, 2]) {
      const card = cards.nth(index);
      const name = (await card.getByRole('link').textContent())!;
      const parts = [
        card.getByRole('link', { name }),
        card.getByText(/^\$[\d,]+\.\d\d$/),
        card.getByText(/^(Active|Archived)$/),
        card.getByText(/^SKU \S+$/),
      ];
      for (const part of parts) {
        const box = (await part.boundingBox())!;
        expect(box, name).not.toBeNull();
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
      }
    }
    // Nothing on the page is wider than the phone: no sideways scrolling.
    // A string, so the e2e project (no DOM library in its types) compiles what runs in the page.
    const scrollWidth = await journey.page.evaluate<number>('document.documentElement.scrollWidth');
    expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
  });
});
