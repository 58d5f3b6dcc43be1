import { describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { PATIENCE, seeText, signIn } from './catalogue-helpers.ts';

// Merchants asked (issue 9): a tier's prices for a whole brand at once, as a percentage off base.
// From the demo seed: Crystal Clean's cleaning products are $19.90 each.

const journey = useJourney({ pagePerTest: false });

describe('a tier’s prices for a brand', () => {
  it('sets every Crystal Clean product in Wholesale to 10 % off, shown in the tier’s products', async () => {
    await journey.openPage();
    await signIn(journey.page, 'merchant@demo.test');
    await journey.page.goto('/pricing');
    await journey.page.getByRole('link', { name: 'Wholesale', exact: true }).click(PATIENCE);

    await journey.page.getByRole('button', { name: 'Set prices by brand or category' }).click(PATIENCE);
    const dialog = journey.page.getByRole('dialog', { name: 'Set prices by brand or category' });
    await dialog.getByLabel('Brand', { exact: true }).selectOption({ label: 'Crystal Clean' }, PATIENCE);
    await dialog.getByLabel(/^Percentage off/).fill('10');
    await dialog.getByRole('button', { name: 'Set prices' }).click();

    await seeText(journey.page, /^Set \d+ prices in “Wholesale” to 10% off the base price/);
    await journey.page
      .getByRole('searchbox', { name: 'Search products in this pricing tier' })
      .fill('Cleaner');
    const prices = journey.page.getByRole('textbox', { name: /^Tier price for .*Cleaner/ });
    await prices.first().waitFor(PATIENCE);
    await expect
      .poll(async () => Promise.all((await prices.all()).map((price) => price.inputValue())), PATIENCE)
      .toContain('17.91');
  });
});
