import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubGroupApi } from '#shared/product-groups/testing/group-api-stub.tsx';
import { PRICING, renderPricing } from '../testing/render-pricing.tsx';
import { beans, cups, flatWhite, oatMilk, wholesale, wholesaleApi } from '../testing/tier-fixtures.ts';
import { removeTierProduct, searchProducts, setTierItem, setTierItems } from '@tradeport/contract';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TIER = { id: harbour.id, gid: wholesale.id };
const priceOf = (name: string) => screen.getByRole('textbox', { name: `Tier price for ${name}` });

async function openTier() {
  const api = stubGroupApi({ kind: PRICING, ...wholesaleApi });
  renderPricing(`/pricing/${wholesale.id}`);
  await screen.findByRole('heading', { level: 1, name: 'Wholesale' });
  await screen.findByRole('textbox', { name: `Tier price for ${flatWhite.name}` });
  return api;
}

describe('A tier’s products', () => {
  it('shows each product’s SKU, base price and tier price', async () => {
    await openTier();
    const row = within(screen.getByRole('rowheader', { name: flatWhite.name }).closest('tr') as HTMLElement);
    expect(row.getByText('MILK-FW-2L')).toBeInTheDocument();
    expect(row.getByText('$4.50')).toBeInTheDocument();
    expect(priceOf(flatWhite.name)).toHaveValue('4.20');
    expect(screen.getByText('Cafés on weekly standing orders')).toBeInTheDocument();
    expect(screen.getByText(/3 products · 1 customer$/)).toBeInTheDocument();
  });

  it('saves the changed prices together, in whole cents, and only those', async () => {
    const api = await openTier();

    await userEvent.clear(priceOf(flatWhite.name));
    await userEvent.type(priceOf(flatWhite.name), '3.95{Enter}');
    // Enter moves down the column.
    expect(priceOf(beans.name)).toHaveFocus();
    // Typed back to the price it had: not a change.
    await userEvent.clear(priceOf(beans.name));
    await userEvent.type(priceOf(beans.name), '29');
    // Escape puts a row back.
    await userEvent.type(priceOf(cups.name), '99{Escape}');
    expect(priceOf(cups.name)).toHaveValue('14.50');
    await userEvent.clear(priceOf(cups.name));
    await userEvent.type(priceOf(cups.name), '13.1');
    expect(screen.getByText('Was $14.50')).toBeInTheDocument();
    expect(api.requestsTo(route(setTierItems, TIER))).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save 2 prices' }));

    expect(await screen.findByText('Saved 2 prices')).toBeInTheDocument();
    expect(api.requestsTo(route(setTierItems, TIER)).map((request) => request.body)).toEqual([
      {
        items: [
          { product_id: flatWhite.id, price_cents: 395 },
          { product_id: cups.id, price_cents: 1310 },
        ],
      },
    ]);
    expect(screen.queryByRole('button', { name: /^Save \d+ price/ })).toBeNull();
    expect(priceOf(flatWhite.name)).toHaveValue('3.95');
    await waitFor(() => expect(priceOf(cups.name)).toHaveValue('13.10'));
  });

  it('does not send a price that is not one, and says which', async () => {
    const api = await openTier();

    await userEvent.clear(priceOf(flatWhite.name));
    await userEvent.type(priceOf(flatWhite.name), '4.2.0');
    await userEvent.click(screen.getByRole('button', { name: 'Save 1 price' }));

    expect(priceOf(flatWhite.name)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter the tier price in dollars, like 4.50 or 12')).toBeInTheDocument();
    expect(api.requestsTo(route(setTierItems, TIER))).toHaveLength(0);
  });

  it('adds a product from the search picker at the price given', async () => {
    const api = await openTier();
    await userEvent.click(screen.getByRole('button', { name: 'Add products' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Add products to “Wholesale”' }));

    await userEvent.type(picker.getByRole('searchbox', { name: 'Search your products' }), 'o');
    expect(picker.getByText('Type at least 2 characters to find products.')).toBeInTheDocument();
    await userEvent.type(picker.getByRole('searchbox', { name: 'Search your products' }), 'at');
    const price = await picker.findByRole('textbox', { name: `Price for ${oatMilk.name}` });
    // Starts at the base price.
    expect(price).toHaveValue('3.90');
    await userEvent.clear(price);
    await userEvent.type(price, '3.5');
    await userEvent.click(picker.getByRole('button', { name: `Add ${oatMilk.name}` }));

    expect(await picker.findByText('Added')).toBeInTheDocument();
    expect(api.requestsTo(route(setTierItem, TIER)).map((request) => request.body)).toEqual([
      { product_id: oatMilk.id, price_cents: 350 },
    ]);
    expect(api.requestsTo(route(searchProducts, { id: harbour.id })).map((r) => r.query.get('q'))).toEqual([
      'oat',
    ]);
    await userEvent.click(picker.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('textbox', { name: `Tier price for ${oatMilk.name}` })).toHaveValue(
      '3.50',
    );
  });

  it('takes a product out only after confirming', async () => {
    const api = await openTier();

    await userEvent.click(screen.getByRole('button', { name: `Remove ${beans.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Remove ${beans.name}?` }));
    expect(
      dialog.getByText(`Customers in “Wholesale” will pay the base price for ${beans.name} from now on.`),
    ).toBeInTheDocument();
    expect(api.requestsTo(route(removeTierProduct, { ...TIER, pid: beans.id }))).toHaveLength(0);
    await userEvent.click(dialog.getByRole('button', { name: 'Remove product' }));

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: beans.name })).toBeNull());
    expect(api.requestsTo(route(removeTierProduct, { ...TIER, pid: beans.id }))).toHaveLength(1);
    expect(await screen.findByText(/2 products · 1 customer$/)).toBeInTheDocument();
  });

  it('asks before leaving with prices not saved', async () => {
    await openTier();
    await userEvent.clear(priceOf(flatWhite.name));
    await userEvent.type(priceOf(flatWhite.name), '3.95');

    await userEvent.click(screen.getByRole('link', { name: '← Pricing Tiers' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
    expect(dialog.getByText('1 price in this tier has not been saved and will be lost.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Stay on this page' }));
    expect(priceOf(flatWhite.name)).toHaveValue('3.95');

    await userEvent.click(screen.getByRole('link', { name: '← Pricing Tiers' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing Tiers' })).toBeInTheDocument();
  });
});
