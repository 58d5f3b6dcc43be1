import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createProduct, listProducts } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { renderAsMerchant } from '#testing/render-routes.tsx';
import { json, page, productFixture, stubProductsApi } from '../testing/products-api-stub.tsx';
import { SignUpProductsScreen } from './sign-up-products-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const CREATE = route(createProduct, { id: harbour.id });
const LIST = route(listProducts, { id: harbour.id });

async function type(label: RegExp, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

function renderStep() {
  return renderAsMerchant(
    [
      { path: '/sign-up-products', element: <SignUpProductsScreen /> },
      { path: '/sign-up-payment', element: <p>Choose your plan</p> },
    ],
    '/sign-up-products',
  );
}

describe('SignUpProductsScreen', () => {
  it('adds products one after another, in dollars, and goes on to the payment step', async () => {
    let count = 0;
    const api = stubProductsApi({
      [LIST]: () => page([], null, count),
      [CREATE]: (request) => {
        count += 1;
        const body = request.body as { name: string; sku: string; base_price_cents: number };
        return json(201, productFixture({ id: `00000000-0000-4000-8000-00000000010${count}`, ...body }));
      },
    });
    const { router } = renderStep();
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip for now' })).toHaveAttribute('href', '/sign-up-payment');

    await type(/^Name/, 'Full cream milk 2L');
    await type(/^SKU/, 'MILK-2L');
    await type(/^Price \(ex GST\)/, '3.45');
    await userEvent.click(screen.getByRole('switch', { name: /GST applies/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));

    const added = within(await screen.findByRole('list', { name: 'Products added just now' }));
    expect(added.getByText('Full cream milk 2L (MILK-2L) — $3.45 ex GST')).toBeInTheDocument();
    expect(api.requestsTo(CREATE)[0]?.body).toMatchObject({
      name: 'Full cream milk 2L',
      sku: 'MILK-2L',
      base_price_cents: 345,
      is_gst_applicable: false,
    });
    // Emptied for the next one.
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(await screen.findByText('You have 1 product.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/sign-up-payment');
  });

  it('puts the server’s refusal of a SKU already used on the SKU field', async () => {
    stubProductsApi({
      [LIST]: () => page([], null, 0),
      [CREATE]: () =>
        json(409, {
          error_code: 'CONFLICT',
          message: 'A product with this SKU already exists',
          details: [{ path: 'body.sku', message: 'You already have a product with this SKU' }],
        }),
    });
    renderStep();
    await type(/^Name/, 'Milk');
    await type(/^SKU/, 'MILK');
    await type(/^Price \(ex GST\)/, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('You already have a product with this SKU')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products added just now' })).toBeNull();
  });

  it('opens the CSV import', async () => {
    stubProductsApi({ [LIST]: () => page([], null, 0) });
    renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Import a CSV' }));
    expect(await screen.findByRole('dialog', { name: 'Import products' })).toBeInTheDocument();
  });
});
