import { screen, waitFor, within } from '@testing-library/react';
import { changeXeroProductLinks, linkXeroProduct, unlinkXeroProduct } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '#lib/format.ts';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import {
  beansItem,
  beansRow,
  cupsRow,
  lidsItem,
  linkFixture,
  oatRow,
  productLinksFixture,
} from '../testing/accounting-fixtures.ts';
import { PRODUCT_LINKS, showXeroSettings, xeroDown } from '../testing/show-xero-settings.tsx';

// The Products section on /xero/settings: each product with its item, or the item whose code is
// its SKU, linked one by one, every suggestion at once, or made in Xero.

afterEach(() => vi.unstubAllGlobals());

const CHANGE = route(changeXeroProductLinks, { id: harbour.id });
const LINK = route(linkXeroProduct);
const UNLINK = route(unlinkXeroProduct);
const PRODUCTS_PATH = `/api/v1/xero/organisation/${harbour.id}/products`;

const section = async () => within(await screen.findByRole('region', { name: 'Products' }));

async function productsTable() {
  return (await section()).findByRole('table', { name: 'Products and their Xero items' });
}

function rowOf(table: HTMLElement, name: string) {
  const header = within(table).getByRole('rowheader', { name: (text) => text.startsWith(name) });
  return within(header.closest('tr')!);
}

describe('Xero product links', () => {
  it('lists the products with SKU and price, their items, and the item with the same SKU', async () => {
    showXeroSettings();
    const panel = await section();
    const table = await productsTable();

    expect(panel.getByText('1 of 3 linked, 1 suggested')).toBeInTheDocument();
    const beans = rowOf(table, 'Arabica Beans 1kg');
    expect(beans.getByRole('rowheader')).toHaveTextContent(
      `Arabica Beans 1kgSKU COF-1KG · ${formatMoney(3450)} ex GST · GST-free`,
    );
    const suggested = beans.getByRole('combobox', { name: 'Xero item for Arabica Beans 1kg' });
    expect(suggested).toHaveValue('COF-1KG – Arabica beans 1kg');
    expect(suggested).toHaveAccessibleDescription('Suggested: Same SKU');

    const oat = rowOf(table, 'Oat Milk 1L');
    expect(oat.getByRole('rowheader')).toHaveTextContent(
      `Oat Milk 1LSKU OAT-1L · ${formatMoney(420)} ex GST`,
    );
    // Linked to the item by its code, which invoice lines name it by.
    expect(oat.getAllByRole('cell')[1]).toHaveTextContent(/^OAT-1LLinked by Mia Chen/);
    expect(oat.getByRole('button', { name: 'Unlink Oat Milk 1L' })).toBeInTheDocument();
  });

  it('links every suggestion at once', async () => {
    const { api, user } = showXeroSettings({ [CHANGE]: () => jsonResponse(200, { linked: 1, created: 0 }) });
    const panel = await section();
    await productsTable();

    await user.click(panel.getByRole('button', { name: 'Link 1 suggested' }));

    expect(await screen.findByText('Linked 1 product')).toBeInTheDocument();
    expect(api.requestsTo(CHANGE).map((request) => request.body)).toEqual([{ action: 'LINK_SUGGESTED' }]);
  });

  it('creates items in Xero for the products ticked, or links those Xero had already', async () => {
    const { api, user } = showXeroSettings({ [CHANGE]: () => jsonResponse(200, { linked: 2, created: 1 }) });
    const panel = await section();
    const table = await productsTable();

    await user.click(
      rowOf(table, 'Arabica Beans 1kg').getByRole('checkbox', { name: 'Select Arabica Beans 1kg' }),
    );
    await user.click(rowOf(table, 'Paper Cups 8oz').getByRole('checkbox', { name: 'Select Paper Cups 8oz' }));
    await user.click(panel.getByRole('button', { name: 'Create in Xero' }));

    expect(
      await screen.findByText('Created 1 item in Xero, and linked 1 product to items Xero already had'),
    ).toBeInTheDocument();
    expect(api.requestsTo(CHANGE).map((request) => request.body)).toEqual([
      { action: 'CREATE', product_ids: [beansRow.product.id, cupsRow.product.id] },
    ]);
  });

  it('links a product to an item chosen by hand', async () => {
    const { api, user } = showXeroSettings({
      [LINK]: () =>
        jsonResponse(200, { id: cupsRow.product.id, link: linkFixture(lidsItem.id, lidsItem.code) }),
    });
    const table = await productsTable();
    const cups = rowOf(table, 'Paper Cups 8oz');

    const picker = cups.getByRole('combobox', { name: 'Xero item for Paper Cups 8oz' });
    await user.click(picker);
    await user.type(picker, 'lids');
    await user.click(await screen.findByRole('option', { name: 'LID-8OZ – Cup lids 8oz' }));
    await user.click(cups.getByRole('button', { name: 'Link Paper Cups 8oz' }));

    expect(await screen.findByText('Linked Paper Cups 8oz to LID-8OZ – Cup lids 8oz')).toBeInTheDocument();
    expect(api.requestsTo(LINK).map((request) => [request.path, request.body])).toEqual([
      [`${PRODUCTS_PATH}/${cupsRow.product.id}`, { external_id: lidsItem.id }],
    ]);
  });

  it('shows the refusal when the item is linked to another product', async () => {
    const message = 'That item is linked to another product. Unlink it there first.';
    const { api, user } = showXeroSettings({
      [LINK]: () => jsonResponse(409, { error_code: 'CONFLICT', message }),
    });
    const table = await productsTable();

    await user.click(
      rowOf(table, 'Arabica Beans 1kg').getByRole('button', { name: 'Link Arabica Beans 1kg' }),
    );

    expect(await screen.findByText(`CONFLICT - ${message}`)).toBeInTheDocument();
    expect(api.requestsTo(LINK).map((request) => request.body)).toEqual([{ external_id: beansItem.id }]);
    await waitFor(() => expect(api.requestsTo(PRODUCT_LINKS)).toHaveLength(2));
  });

  it('unlinks a product', async () => {
    const { api, user } = showXeroSettings({
      [UNLINK]: () => jsonResponse(200, { id: oatRow.product.id, link: null }),
    });
    const table = await productsTable();

    await user.click(rowOf(table, 'Oat Milk 1L').getByRole('button', { name: 'Unlink Oat Milk 1L' }));

    expect(await screen.findByText('Unlinked Oat Milk 1L from OAT-1L')).toBeInTheDocument();
    expect(api.requestsTo(UNLINK).map((request) => [request.method, request.path])).toEqual([
      ['DELETE', `${PRODUCTS_PATH}/${oatRow.product.id}`],
    ]);
  });

  it('says Xero did not answer, and loads again on Try again', async () => {
    let isDown = true;
    const { user } = showXeroSettings({
      [PRODUCT_LINKS]: () => (isDown ? xeroDown() : jsonResponse(200, productLinksFixture())),
    });
    const panel = await section();

    expect(await panel.findByText('We could not load your products and Xero items')).toBeInTheDocument();
    isDown = false;
    await user.click(panel.getByRole('button', { name: 'Try again' }));

    expect(await productsTable()).toBeInTheDocument();
  });

  it('invites adding products when there are none', async () => {
    showXeroSettings({
      [PRODUCT_LINKS]: () =>
        jsonResponse(200, productLinksFixture({ items: [], counts: { total: 0, linked: 0, suggested: 0 } })),
    });
    const panel = await section();

    expect(await panel.findByText('No products yet')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Go to Products' })).toHaveAttribute('href', '/products');
  });
});
