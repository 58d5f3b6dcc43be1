import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createTaxRule,
  type CurrentUser,
  deleteTaxRule,
  getCurrentUser,
  getTaxRule,
  getTaxSettings,
  listCategories,
  searchProducts,
  type TaxRule,
  type TaxSettings,
  updateTaxRule,
  updateTaxSettings,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ONLY_REASON } from '#lib/access.ts';
import { answer, type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, idOf, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { TaxesScreen } from './taxes-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const withAdvancedTax: CurrentUser = {
  ...merchantUser,
  settings: { ...merchantUser.settings, advanced_tax_enabled: true },
};
const asUser: CurrentUser = { ...withAdvancedTax, organisations: [{ ...harbour, user_level: 'User' }] };

const RULE_ID = idOf(51);
const DRINKS = { id: idOf(61), name: 'Drinks', parent_id: null, children_count: 1 };
const JUICE = { id: idOf(62), name: 'Juice', parent_id: DRINKS.id, children_count: 0 };
const COLD_BREW = { id: idOf(71), name: 'Cold brew', sku: 'CB-1', is_active: true };
const BAGUETTE = { id: idOf(72), name: 'Baguette', sku: 'BG-1', is_active: true };

const rule: TaxRule = {
  id: RULE_ID,
  name: 'Exports',
  description: null,
  rate_basis_points: 0,
  product_count: 2,
  category_count: 1,
  version: 4,
  updated_at: '2026-11-01T00:00:00.000Z',
  products: [BAGUETTE, COLD_BREW],
  categories: [{ id: DRINKS.id, name: 'Drinks', parent_name: null }],
};
const { products: _products, categories: _categories, ...summary } = rule;

const settings = (overrides: Partial<TaxSettings> = {}): TaxSettings => ({
  gst_rounding: 'PER_LINE',
  default_rate_basis_points: 1_000,
  is_advanced_tax_enabled: true,
  version: 7,
  rules: [summary],
  ...overrides,
});

function serve(
  options: { user?: CurrentUser; taxes?: TaxSettings; handlers?: Record<string, FakeHandler> } = {},
) {
  const api = fakeFetch({
    [route(getCurrentUser)]: answer(200, options.user ?? withAdvancedTax),
    [route(getTaxSettings, { id: harbour.id })]: answer(200, options.taxes ?? settings()),
    [route(getTaxRule, { id: harbour.id, rid: RULE_ID })]: answer(200, rule),
    [route(listCategories, { id: harbour.id })]: answer(200, { items: [DRINKS, JUICE], next_cursor: null }),
    [route(searchProducts, { id: harbour.id })]: answer(200, {
      items: [{ ...COLD_BREW, brand_name: null, base_price_cents: 450, image: null }],
    }),
    ...options.handlers,
  });
  vi.stubGlobal('fetch', api.stub);
  return api;
}

const render = () => renderAsMerchant([{ path: '/taxes', element: <TaxesScreen /> }], '/taxes');

describe('Taxes screen', () => {
  it('explains that GST 10 % applies by default when there are no rules', async () => {
    serve({ taxes: settings({ rules: [] }) });
    render();

    expect(screen.getByRole('heading', { level: 1, name: 'Taxes' })).toBeInTheDocument();
    expect(await screen.findByText('No tax rules yet')).toBeInTheDocument();
    expect(screen.getByText(/GST of 10 % applies to every product by default/)).toBeInTheDocument();
    expect(screen.getByText(/flagged on the product itself/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Per line/ })).toBeChecked();
    expect(
      screen.getByText('Each line’s GST is rounded to the cent, then the lines are added up.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add tax rule' })).toBeInTheDocument();
    expect(screen.queryByText('Advanced tax is not switched on')).toBeNull();
  });

  it('saves per-invoice rounding with the version it read', async () => {
    const api = serve({
      handlers: {
        [route(updateTaxSettings, { id: harbour.id })]: ({ body }) =>
          jsonResponse(200, settings({ ...(body as object), version: 8 })),
      },
    });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: /Per invoice/ }));

    await waitFor(() => expect(screen.getByRole('radio', { name: /Per invoice/ })).toBeChecked());
    expect(api.requestsTo(route(updateTaxSettings, { id: harbour.id }))[0]?.body).toEqual({
      gst_rounding: 'PER_INVOICE',
      version: 7,
    });
  });

  it('shows a User the rules and rounding without ways to change them, and says why', async () => {
    serve({ user: asUser });
    render();

    const table = await screen.findByRole('table', { name: 'Tax rules' });
    const row = within(table).getByRole('row', { name: /Exports/ });
    expect(within(row).getByText('0 %')).toBeInTheDocument();
    expect(within(row).getByText(/2 products, 1 category/)).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add tax rule' })).toBeNull();
    expect(screen.getByRole('radio', { name: /Per invoice/ })).toBeDisabled();
    expect(screen.getAllByText(ADMIN_ONLY_REASON).length).toBeGreaterThan(0);
  });

  it('adds a rule with a rate in percent, a category and a product from the picker', async () => {
    const api = serve({
      taxes: settings({ rules: [] }),
      handlers: {
        [route(createTaxRule, { id: harbour.id })]: ({ body }) =>
          jsonResponse(201, { ...rule, ...(body as object), id: idOf(52), version: 1 }),
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add tax rule' }));
    const form = within(await screen.findByRole('form', { name: 'Add tax rule' }));

    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Reduced');
    await user.type(form.getByRole('textbox', { name: /^Rate/ }), '12.5');
    await user.click(form.getByRole('combobox', { name: /^Categories/ }));
    await user.click(await screen.findByRole('option', { name: 'Drinks › Juice' }));
    await user.click(form.getByRole('button', { name: 'Add products' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Search your products' }), 'cold');
    await user.click(await screen.findByRole('button', { name: 'Add Cold brew' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(form.getByRole('rowheader', { name: 'Cold brew' })).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Add rule' }));

    await waitFor(() => expect(api.requestsTo(route(createTaxRule, { id: harbour.id }))).toHaveLength(1));
    expect(api.requestsTo(route(createTaxRule, { id: harbour.id }))[0]?.body).toEqual({
      name: 'Reduced',
      description: null,
      rate_basis_points: 1_250,
      product_ids: [COLD_BREW.id],
      category_ids: [JUICE.id],
    });
  });

  it('refuses a rate over 100 % before sending anything', async () => {
    const api = serve();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add tax rule' }));
    const form = within(await screen.findByRole('form', { name: 'Add tax rule' }));
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Too much');
    await user.type(form.getByRole('textbox', { name: /^Rate/ }), '150');
    await user.click(form.getByRole('button', { name: 'Add rule' }));

    expect(await form.findByText(/Enter a rate from 0 to 100 %/)).toBeInTheDocument();
    expect(api.requestsTo(route(createTaxRule, { id: harbour.id }))).toHaveLength(0);
  });

  it('edits a rule with its version, and shows which rule already has a product', async () => {
    let attempts = 0;
    const api = serve({
      handlers: {
        [route(updateTaxRule, { id: harbour.id, rid: RULE_ID })]: () =>
          ++attempts === 1
            ? jsonResponse(409, {
                error_code: 'CONFLICT',
                message: 'The product “Baguette” is already in the tax rule “Bakery”.',
                details: [
                  {
                    path: 'body.product_ids',
                    message: 'The product “Baguette” is already in the tax rule “Bakery”.',
                  },
                ],
              })
            : jsonResponse(200, { ...rule, products: [COLD_BREW], product_count: 1, version: 5 }),
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Exports' }));
    const form = within(await screen.findByRole('form', { name: 'Edit tax rule' }));
    expect(form.getByRole('textbox', { name: /^Rate/ })).toHaveValue('0');
    await user.click(form.getByRole('button', { name: 'Save rule' }));

    expect(await form.findByText(/already in the tax rule “Bakery”/)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Remove Baguette' }));
    await user.click(form.getByRole('button', { name: 'Save rule' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit tax rule' })).toBeNull());
    const puts = api.requestsTo(route(updateTaxRule, { id: harbour.id, rid: RULE_ID }));
    expect(puts[1]?.body).toMatchObject({
      product_ids: [COLD_BREW.id],
      category_ids: [DRINKS.id],
      version: 4,
    });
  });

  it('deletes a rule only once confirmed', async () => {
    const api = serve({
      handlers: { [route(deleteTaxRule, { id: harbour.id, rid: RULE_ID })]: answer(200, { deleted: true }) },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Exports' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete tax rule?' }));
    expect(dialog.getByText(/go back to GST of 10 %/)).toBeInTheDocument();
    expect(api.requestsTo(route(deleteTaxRule, { id: harbour.id, rid: RULE_ID }))).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Delete rule' }));

    await waitFor(() =>
      expect(api.requestsTo(route(deleteTaxRule, { id: harbour.id, rid: RULE_ID }))).toHaveLength(1),
    );
  });

  it('says what applies when advanced tax is off', async () => {
    serve({ user: merchantUser, taxes: settings({ is_advanced_tax_enabled: false, rules: [] }) });
    render();

    expect(await screen.findByText('Advanced tax is not switched on')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Organisation details' })).toHaveAttribute(
      'href',
      '/organisations/details',
    );
  });
});
