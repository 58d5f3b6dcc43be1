import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { harbour, idOf } from '#testing/fixtures.ts';
import {
  ACME,
  json,
  LITRE,
  paramsOf,
  productFixture,
  renderProducts,
  stubProductsApi,
} from '../testing/products-api-stub.tsx';
import { createProduct, getProduct, listBrands } from '@tradeport/contract';
import { route } from '#testing/fake-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CREATE = route(createProduct, { id: harbour.id });

async function fill(label: RegExp, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('CreateProductScreen', () => {
  it('checks the form before sending anything', async () => {
    const api = stubProductsApi({});
    renderProducts('/products/create');
    await screen.findByRole('heading', { level: 1, name: 'Create product' });

    await fill(/^Cost/, '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(screen.getByText('Enter a SKU')).toBeInTheDocument();
    expect(screen.getByText('Enter the base price')).toBeInTheDocument();
    expect(screen.getByText('Enter a price in dollars, like 12.50')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveFocus());
    expect(api.requestsTo(CREATE)).toHaveLength(0);

    // A SKU with a space is refused by the contract's schema, here rather than by the server.
    await fill(/^SKU/, 'MILK 2L');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('A SKU cannot contain spaces')).toBeInTheDocument();
    expect(api.requestsTo(CREATE)).toHaveLength(0);
  });

  it('never alters a number typed: a decimal or out-of-range quantity is a field error', async () => {
    const api = stubProductsApi({});
    renderProducts('/products/create');
    await screen.findByRole('heading', { level: 1, name: 'Create product' });
    await fill(/^Name/, 'Milk');
    await fill(/^SKU/, 'MILK-2L');
    await fill(/^Base price/, '3.10');

    const packSize = screen.getByLabelText(/^Pack size/);
    await userEvent.clear(packSize);
    await userEvent.type(packSize, '7.5');
    const minimum = screen.getByLabelText(/^Minimum order quantity/);
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));

    // What was typed stays as typed; the schema says what is wrong with it.
    expect(packSize).toHaveValue('7.5');
    expect(minimum).toHaveValue('-3');
    expect(await screen.findByText('Enter a whole number')).toBeInTheDocument();
    expect(screen.getByText('Enter 1 or more')).toBeInTheDocument();
    expect(api.requestsTo(CREATE)).toHaveLength(0);

    await userEvent.clear(packSize);
    await userEvent.type(packSize, '100001');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(packSize).toHaveValue('100001');
    expect(await screen.findByText('Enter at most 100,000')).toBeInTheDocument();
    expect(api.requestsTo(CREATE)).toHaveLength(0);
  });

  it('sends prices in whole cents and the picked vocabulary, then opens the product', async () => {
    const created = productFixture({ id: idOf(9) });
    const api = stubProductsApi({
      [CREATE]: () => json(201, created),
      [route(getProduct, { id: idOf(9) })]: () => json(200, created),
    });
    const { router } = renderProducts('/products/create');
    await screen.findByRole('heading', { level: 1, name: 'Create product' });

    await fill(/^Name/, 'Full Cream Milk 2L');
    await fill(/^SKU/, 'MILK-2L');
    await pick('Brand', ACME.name);
    await pick('Unit of measure', 'Litre (L)');
    await fill(/^Base price/, '0.29');
    await fill(/^Cost/, '1,234.56');
    await userEvent.click(screen.getByRole('switch', { name: /GST applies/ }));
    // Enter in a field submits, as in any form.
    await userEvent.type(screen.getByLabelText(/^Barcode/), '9300000000001{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${idOf(9)}`));
    expect(api.requestsTo(CREATE)[0]?.body).toEqual({
      name: 'Full Cream Milk 2L',
      sku: 'MILK-2L',
      description: null,
      brand_id: ACME.id,
      supplier_id: null,
      category_id: null,
      unit_of_measure_id: LITRE.id,
      base_price_cents: 29,
      cost_cents: 123_456,
      is_gst_applicable: false,
      min_order_quantity: 1,
      pack_size: 1,
      barcode: '9300000000001',
      image: null,
    });
  });

  it('searches the brands on the server as the person types', async () => {
    const api = stubProductsApi({});
    renderProducts('/products/create');
    await screen.findByRole('heading', { level: 1, name: 'Create product' });

    await userEvent.type(screen.getByRole('combobox', { name: 'Brand' }), 'bea');

    await waitFor(() =>
      expect(
        api.requestsTo(route(listBrands, { id: harbour.id })).map((r) => paramsOf(r).get('search')),
      ).toContain('bea'),
    );
    expect(await screen.findByRole('option', { name: 'Bean Co' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: ACME.name })).toBeNull());
  });

  it('puts a SKU already used on the SKU field', async () => {
    stubProductsApi({
      [CREATE]: () =>
        json(409, {
          error_code: 'CONFLICT',
          message: 'A product already uses that SKU.',
          details: [{ path: 'body.sku', message: 'SKU already used' }],
        }),
    });
    renderProducts('/products/create');
    await screen.findByRole('heading', { level: 1, name: 'Create product' });

    await fill(/^Name/, 'Milk');
    await fill(/^SKU/, 'MILK-2L');
    await fill(/^Base price/, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('SKU already used')).toBeInTheDocument();
    expect(screen.getByLabelText(/^SKU/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^SKU/)).toHaveAccessibleDescription(/SKU already used/);
    // Shown on the field only, not as a toast as well.
    expect(screen.queryByText(/CONFLICT/)).toBeNull();

    await userEvent.type(screen.getByLabelText(/^SKU/), '-B');
    expect(screen.queryByText('SKU already used')).toBeNull();
  });
});
