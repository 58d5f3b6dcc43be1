import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubGroupApi } from '#shared/product-groups/testing/group-api-stub.tsx';
import {
  customerFixture,
  groupFixture,
  memberOf,
  productFixture,
} from '#shared/product-groups/testing/group-fixtures.ts';
import { harbour, idOf } from '#testing/fixtures.ts';
import { renderVisibility, VISIBILITY } from '../testing/render-visibility.tsx';
import { addGroupItems, deleteVisibilityGroup, removeGroupProduct } from '@tradeport/contract';
import { route } from '#testing/fake-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const venues = groupFixture({ id: idOf(3), name: 'Hotel venues', version: 2 });
const GROUP = { id: harbour.id, gid: venues.id };
const keg = productFixture({ id: idOf(31), name: 'Craft lager keg 50L', sku: 'KEG-50' });
const kegCoupler = productFixture({ id: idOf(32), name: 'Keg coupler', sku: 'KEG-CPL', is_active: false });
const grandHotel = customerFixture({ id: idOf(41), title: 'Grand Hotel' });
const itemOf = (product: typeof keg) => ({
  product_id: product.id,
  name: product.name,
  sku: product.sku,
  is_active: product.is_active,
});

async function openGroup() {
  const api = stubGroupApi({
    kind: VISIBILITY,
    groups: [venues],
    items: { [venues.id]: [itemOf(keg)] },
    members: { [venues.id]: [memberOf(grandHotel)] },
    catalogue: [keg, kegCoupler],
    customers: [grandHotel],
  });
  const view = renderVisibility(`/visibility/${venues.id}`);
  await screen.findByRole('heading', { level: 1, name: 'Hotel venues' });
  await screen.findByRole('rowheader', { name: keg.name });
  return { api, ...view };
}

describe('Visibility group screen', () => {
  it('lists its products without prices', async () => {
    await openGroup();
    const table = within(screen.getByRole('table', { name: 'Products in Hotel venues' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Product',
      'SKU',
      'Actions',
    ]);
    expect(table.getByText('KEG-50')).toBeInTheDocument();
  });

  it('adds a product from the search picker with one call naming its id', async () => {
    const { api } = await openGroup();
    await userEvent.click(screen.getByRole('button', { name: 'Add products' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Add products to “Hotel venues”' }));

    await userEvent.type(picker.getByRole('searchbox', { name: 'Search your products' }), 'coupler');
    const row = within(
      (await picker.findByRole('rowheader', { name: /Keg coupler/ })).closest('tr') as HTMLElement,
    );
    expect(row.getByText('Archived')).toBeInTheDocument();
    expect(row.queryByRole('textbox')).toBeNull();
    await userEvent.click(row.getByRole('button', { name: `Add ${kegCoupler.name}` }));

    expect(await row.findByText('Added')).toBeInTheDocument();
    expect(api.requestsTo(route(addGroupItems, GROUP)).map((request) => request.body)).toEqual([
      { product_ids: [kegCoupler.id] },
    ]);
    await userEvent.click(picker.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('rowheader', { name: /Keg coupler/ })).toBeInTheDocument();
    expect(screen.getByText(/2 products · 1 customer$/)).toBeInTheDocument();
  });

  it('takes a product out only after saying who will see it', async () => {
    const { api } = await openGroup();
    await userEvent.click(screen.getByRole('button', { name: `Remove ${keg.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Remove ${keg.name}?` }));

    expect(
      dialog.getByText(
        `${keg.name} will be shown to every customer, unless it is also in another visibility group.`,
      ),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo(route(removeGroupProduct, { ...GROUP, pid: keg.id }))).toHaveLength(0);
    expect(screen.getByRole('rowheader', { name: keg.name })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `Remove ${keg.name}` }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: `Remove ${keg.name}?` })).getByRole('button', {
        name: 'Remove product',
      }),
    );
    expect(await screen.findByText('No products in this visibility group yet.')).toBeInTheDocument();
    expect(api.requestsTo(route(removeGroupProduct, { ...GROUP, pid: keg.id }))).toHaveLength(1);
  });

  it('says on deleting that its products become visible to everyone', async () => {
    const { api, router } = await openGroup();
    await userEvent.click(screen.getByRole('button', { name: 'Delete visibility group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete “Hotel venues”?' }));

    expect(
      dialog.getByText(
        /Its products become visible to every customer, unless they are also in another visibility group/,
      ),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete visibility group' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/visibility'));
    expect(api.requestsTo(route(deleteVisibilityGroup, GROUP))).toHaveLength(1);
  });
});
