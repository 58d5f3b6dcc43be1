import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  listBrands,
  listCategories,
  listTierItems,
  MAX_PERCENT_OFF_PRODUCTS,
  setTierPercentOff,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubGroupApi } from '#shared/product-groups/testing/group-api-stub.tsx';
import { type FakeHandler, route } from '#testing/fake-api.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import { PRICING, renderPricing } from '../testing/render-pricing.tsx';
import { flatWhite, wholesale, wholesaleApi } from '../testing/tier-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Merchants asked (issue 9): a tier's prices for a brand or a category at once, as a percentage
// off the base price.

const TIER = { id: harbour.id, gid: wholesale.id };
const dairy = { id: idOf(31), name: 'Harbour Dairy' };
const milk = { id: idOf(41), name: 'Milk', parent_id: null, children_count: 0 };

function stub(handlers: Record<string, FakeHandler> = {}) {
  return stubGroupApi({
    kind: PRICING,
    ...wholesaleApi,
    handlers: {
      [route(listBrands, { id: harbour.id })]: () => json(200, { items: [dairy], next_cursor: null }),
      [route(listCategories, { id: harbour.id })]: () => json(200, { items: [milk], next_cursor: null }),
      ...handlers,
    },
  });
}

async function openDialog() {
  renderPricing(`/pricing/${wholesale.id}`);
  await screen.findByRole('textbox', { name: `Tier price for ${flatWhite.name}` });
  await userEvent.click(screen.getByRole('button', { name: 'Set prices by brand or category' }));
  return within(await screen.findByRole('dialog', { name: 'Set prices by brand or category' }));
}

describe('Setting a tier’s prices by brand or category', () => {
  it('sets a brand’s prices at a percentage off base, says how many, and reloads the tier’s products', async () => {
    const api = stub({
      [route(setTierPercentOff, TIER)]: () => json(200, { matched: 12, changed: 9 }),
    });
    const dialog = await openDialog();
    expect(dialog.getByText(/Products added to the brand or category later/)).toBeInTheDocument();

    await userEvent.selectOptions(await dialog.findByLabelText('Brand'), dairy.name);
    await userEvent.type(dialog.getByLabelText(/^Percentage off/), '12.5');
    const itemReads = api.requestsTo(route(listTierItems, TIER)).length;
    await userEvent.click(dialog.getByRole('button', { name: 'Set prices' }));

    expect(
      await screen.findByText('Set 12 prices in “Wholesale” to 12.5% off the base price (3 were already)'),
    ).toBeInTheDocument();
    expect(api.requestsTo(route(setTierPercentOff, TIER)).map((r) => r.body)).toEqual([
      { brand_id: dairy.id, percent_off: 12.5 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.requestsTo(route(listTierItems, TIER)).length).toBeGreaterThan(itemReads));
  });

  it('takes a category instead, and refuses a percentage it cannot use without changing it', async () => {
    const api = stub({
      [route(setTierPercentOff, TIER)]: () => json(200, { matched: 3, changed: 3 }),
    });
    const dialog = await openDialog();

    await userEvent.click(dialog.getByRole('radio', { name: 'By category' }));
    await userEvent.selectOptions(await dialog.findByLabelText('Category'), milk.name);
    const percent = dialog.getByLabelText(/^Percentage off/);
    await userEvent.type(percent, '150');
    await userEvent.click(dialog.getByRole('button', { name: 'Set prices' }));

    expect(
      await dialog.findByText('Percentage off must be from 0 to 100, with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(percent).toHaveValue('150');
    expect(api.requestsTo(route(setTierPercentOff, TIER))).toHaveLength(0);

    await userEvent.clear(percent);
    await userEvent.type(percent, '10');
    await userEvent.click(dialog.getByRole('button', { name: 'Set prices' }));
    expect(
      await screen.findByText('Set 3 prices in “Wholesale” to 10% off the base price'),
    ).toBeInTheDocument();
    expect(api.requestsTo(route(setTierPercentOff, TIER))[0]?.body).toEqual({
      category_id: milk.id,
      percent_off: 10,
    });
  });

  it('says inline when the person is no longer an Admin', async () => {
    stub({
      [route(setTierPercentOff, TIER)]: () =>
        json(403, { error_code: 'FORBIDDEN', message: 'You need to be an Admin to do this.' }),
    });
    const dialog = await openDialog();
    await userEvent.selectOptions(await dialog.findByLabelText('Brand'), dairy.name);
    await userEvent.type(dialog.getByLabelText(/^Percentage off/), '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Set prices' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'No prices were set. Only an Admin of this organisation can change this.',
    );
  });

  it('says inline when the brand has more products than one call may price, keeping the dialog open', async () => {
    const message = `More than ${MAX_PERCENT_OFF_PRODUCTS.toLocaleString('en-AU')} current products are in this brand or category; price a narrower category, or fewer at a time. Nothing was changed.`;
    stub({
      [route(setTierPercentOff, TIER)]: () => json(400, { error_code: 'VALIDATION_ERROR', message }),
    });
    const dialog = await openDialog();
    await userEvent.selectOptions(await dialog.findByLabelText('Brand'), dairy.name);
    await userEvent.type(dialog.getByLabelText(/^Percentage off/), '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Set prices' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Set prices by brand or category' })).toBeInTheDocument();
  });
});
