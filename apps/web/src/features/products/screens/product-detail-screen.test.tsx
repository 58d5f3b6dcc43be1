import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeHandler } from '#testing/fake-api.ts';
import {
  json,
  MILK_ID,
  page,
  paramsOf,
  productFixture,
  renderProducts,
  stubProductsApi,
} from '../testing/products-api-stub.tsx';
import {
  changeProductState,
  deleteProduct,
  getProduct,
  getProductDependencies,
  listProducts,
  updateProduct,
} from '@tradeport/contract';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const GET = route(getProduct, { id: MILK_ID });
const PUT = route(updateProduct, { id: MILK_ID });

/** The milk's endpoints; `product` is read on each GET, so a test can change what comes back. */
function stubMilk(options: { product?: () => Product; routes?: Record<string, FakeHandler> } = {}) {
  const product = options.product ?? (() => productFixture());
  return stubProductsApi({
    [GET]: () => json(200, product()),
    [route(listProducts, { id: harbour.id })]: () => page([product()]),
    ...options.routes,
  });
}

async function fill(label: RegExp, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

const usage = (overrides: object) =>
  json(200, {
    items: [
      {
        product_id: MILK_ID,
        order_count: 0,
        pricing_tier_count: 0,
        visibility_group_count: 0,
        can_delete: true,
        ...overrides,
      },
    ],
  });

describe('ProductDetailScreen', () => {
  it('shows the product in the form, with prices in dollars, and saves with its version', async () => {
    const api = stubMilk({
      routes: { [PUT]: () => json(200, productFixture({ base_price_cents: 1399, version: 4 })) },
    });
    renderProducts(`/products/${MILK_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Full Cream Milk 2L' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^SKU/)).toHaveValue('MILK-2L');
    expect(screen.getByLabelText(/^Base price/)).toHaveValue('12.50');
    expect(screen.getByLabelText(/^Cost/)).toHaveValue('8');
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('Acme Dairy');
    expect(screen.getByRole('combobox', { name: 'Unit of measure' })).toHaveValue('Litre (L)');
    expect(screen.getByRole('switch', { name: /GST applies/ })).not.toBeChecked();

    await fill(/^Base price/, '13.99');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Full Cream Milk 2L saved')).toBeInTheDocument();
    expect(api.requestsTo(PUT)[0]?.body).toMatchObject({
      base_price_cents: 1399,
      brand_id: productFixture().brand?.id,
      pack_size: 6,
      version: 3,
    });
  });

  it('says when someone else changed the product, and reloads their version', async () => {
    let current = productFixture();
    const api = stubMilk({
      product: () => current,
      routes: {
        [PUT]: () => {
          // Someone else saved a moment ago.
          current = productFixture({ name: 'Milk 2L (new label)', pack_size: 12, version: 4 });
          return json(409, {
            error_code: 'CONFLICT',
            message: 'The product was changed since you loaded it.',
          });
        },
      },
    });
    renderProducts(`/products/${MILK_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Full Cream Milk 2L' });

    await fill(/^Pack size/, '8');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(/Someone else changed this product/)).toBeInTheDocument();
    // Their edit is kept on screen until they choose to reload.
    expect(screen.getByLabelText(/^Pack size/)).toHaveValue('8');
    expect(screen.queryByText(/CONFLICT/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reload product' }));

    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Milk 2L (new label)'));
    expect(screen.getByLabelText(/^Pack size/)).toHaveValue('12');
    expect(screen.queryByText(/Someone else changed this product/)).toBeNull();
    expect(api.requestsTo(PUT)[0]?.body).toMatchObject({ pack_size: 8, version: 3 });
  });

  it('archives without losing an edit in progress, which then saves on the new version', async () => {
    let current = productFixture();
    const api = stubMilk({
      product: () => current,
      routes: {
        [route(changeProductState, { id: MILK_ID, x: 'archive' })]: () => {
          current = productFixture({ is_active: false, version: 4 });
          return json(200, current);
        },
        [PUT]: () => json(200, productFixture({ is_active: false, barcode: '123', version: 5 })),
      },
    });
    renderProducts(`/products/${MILK_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Full Cream Milk 2L' });

    await fill(/^Barcode/, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText(/This product is archived/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Barcode/)).toHaveValue('123');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Full Cream Milk 2L saved')).toBeInTheDocument();
    expect(api.requestsTo(route(changeProductState, { id: MILK_ID, x: 'archive' }))).toHaveLength(1);
    expect(api.requestsTo(PUT)[0]?.body).toMatchObject({ barcode: '123', version: 4 });
  });

  it('explains why a used product cannot be deleted and offers to archive it', async () => {
    const api = stubMilk({
      routes: {
        [route(getProductDependencies, { id: harbour.id })]: () =>
          usage({ pricing_tier_count: 2, can_delete: false }),
        [route(changeProductState, { id: MILK_ID, x: 'archive' })]: () =>
          json(200, productFixture({ is_active: false, version: 4 })),
      },
    });
    renderProducts(`/products/${MILK_ID}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Full Cream Milk 2L?' }));

    expect(await dialog.findByText('Used by 2 pricing tiers — archive it instead.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(
      paramsOf(api.requestsTo(route(getProductDependencies, { id: harbour.id }))[0]!).get('product_ids'),
    ).toBe(MILK_ID);
    await userEvent.click(dialog.getByRole('button', { name: 'Archive instead' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(route(changeProductState, { id: MILK_ID, x: 'archive' }))).toHaveLength(1);
    expect(api.requestsTo(route(deleteProduct, { id: MILK_ID }))).toHaveLength(0);
  });

  it('deletes an unused product after confirmation and returns to the list', async () => {
    const api = stubMilk({
      routes: {
        [route(getProductDependencies, { id: harbour.id })]: () => usage({}),
        [route(deleteProduct, { id: MILK_ID })]: () => json(200, { deleted: true }),
      },
    });
    const { router } = renderProducts(`/products/${MILK_ID}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Full Cream Milk 2L?' }));
    expect(api.requestsTo(route(deleteProduct, { id: MILK_ID }))).toHaveLength(0);
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Delete' })).toBeEnabled());
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(api.requestsTo(route(deleteProduct, { id: MILK_ID }))).toHaveLength(1);
  });

  it('says when the product does not exist', async () => {
    stubProductsApi({
      [GET]: () => json(404, { error_code: 'NOT_FOUND', message: 'No such product.' }),
    });
    renderProducts(`/products/${MILK_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.queryByText(/NOT FOUND/)).toBeNull();
  });
});
