import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idOf } from '#testing/fixtures.ts';
import { taxonomyRoute, json, renderTaxonomy, stubTaxonomyApi } from '../testing/taxonomy-api-stub.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const bega = { id: idOf(1), name: 'Bega' };
const DUPLICATE = 'A brand named “bega” already exists.';

async function openAddBrand() {
  renderTaxonomy('/brands');
  await screen.findByRole('rowheader', { name: 'Bega' });
  await userEvent.click(screen.getByRole('button', { name: 'Add brand' }));
  return within(await screen.findByRole('dialog', { name: 'Add brand' }));
}

describe('Brand form', () => {
  it('adds a brand when Enter is pressed in the name, then lists it', async () => {
    const api = stubTaxonomyApi({ segment: 'brands', items: [bega] });
    const form = await openAddBrand();

    // The modal puts the name field first in line, so typing starts there.
    await waitFor(() => expect(form.getByLabelText(/^Name/)).toHaveFocus());
    await userEvent.keyboard('  Devondale {Enter}');

    expect(await screen.findByRole('rowheader', { name: 'Devondale' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add brand' })).toBeNull();
    expect(screen.getByText('“Devondale” added')).toBeInTheDocument();
    expect(api.requestsTo(taxonomyRoute('brands', 'create')).map((r) => r.body)).toEqual([
      { name: 'Devondale' },
    ]);
  });

  it('checks the name with the contract before sending anything', async () => {
    const api = stubTaxonomyApi({ segment: 'brands', items: [bega] });
    const form = await openAddBrand();

    await userEvent.type(form.getByLabelText(/^Name/), '   ');
    await userEvent.click(form.getByRole('button', { name: 'Add brand' }));

    expect(await form.findByText('Enter a name')).toBeInTheDocument();
    expect(form.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo(taxonomyRoute('brands', 'create'))).toHaveLength(0);

    // Typing again clears the stale message.
    await userEvent.type(form.getByLabelText(/^Name/), 'B');
    expect(form.queryByText('Enter a name')).toBeNull();
  });

  it('shows a name already used (409) on the name field, without a toast', async () => {
    const api = stubTaxonomyApi({
      segment: 'brands',
      items: [bega],
      handlers: {
        POST: () =>
          json(409, {
            error_code: 'CONFLICT',
            message: DUPLICATE,
            details: [{ path: 'body.name', message: DUPLICATE }],
          }),
      },
    });
    const form = await openAddBrand();

    await userEvent.type(form.getByLabelText(/^Name/), 'bega');
    await userEvent.click(form.getByRole('button', { name: 'Add brand' }));

    expect(await form.findByText(DUPLICATE)).toBeInTheDocument();
    expect(form.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText(/^Name/)).toHaveValue('bega');
    // Once, on the field: no toast repeats it.
    expect(screen.getAllByText(DUPLICATE)).toHaveLength(1);
    expect(api.requestsTo(taxonomyRoute('brands', 'create'))).toHaveLength(1);
  });

  it('renames a brand from its row', async () => {
    const api = stubTaxonomyApi({ segment: 'brands', items: [bega] });
    renderTaxonomy('/brands');

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Bega' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Bega' }));
    const name = form.getByLabelText(/^Name/);
    expect(name).toHaveValue('Bega');
    await userEvent.clear(name);
    await userEvent.type(name, 'Bega Cheese');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('rowheader', { name: 'Bega Cheese' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Bega' })).toBeNull();
    expect(api.requestsTo(taxonomyRoute('brands', 'update', bega.id)).map((r) => r.body)).toEqual([
      { name: 'Bega Cheese' },
    ]);
  });

  it('closes on Cancel without sending, and opens blank the next time', async () => {
    const api = stubTaxonomyApi({ segment: 'brands', items: [bega] });
    const form = await openAddBrand();

    await userEvent.type(form.getByLabelText(/^Name/), 'Half typed');
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Add brand' }));

    const again = within(await screen.findByRole('dialog', { name: 'Add brand' }));
    expect(again.getByLabelText(/^Name/)).toHaveValue('');
    expect(api.requestsTo(taxonomyRoute('brands', 'create'))).toHaveLength(0);
  });
});
