import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idOf } from '#testing/fixtures.ts';
import { taxonomyRoute, json, renderTaxonomy, stubTaxonomyApi } from '../testing/taxonomy-api-stub.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const category = (n: number, name: string, parent: Category | null, children = 0): Category => ({
  id: idOf(n),
  name,
  parent_id: parent?.id ?? null,
  children_count: children,
});
const bakery = category(1, 'Bakery', null, 2);
const dairy = category(2, 'Dairy', null);
const bread = category(3, 'Bread', bakery);
const cakes = category(4, 'Cakes', bakery);
const all = [bakery, bread, cakes, dairy];

const rowOf = (name: string) => within(screen.getByRole('rowheader', { name }).closest('tr')!);
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

async function openForm(button: string, dialog: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: dialog }));
}

describe('Categories screen', () => {
  it('shows sub-categories indented under their parent, with parent and count columns', async () => {
    stubTaxonomyApi({ segment: 'categories', items: all });
    renderTaxonomy('/categories');

    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'Cakes' });
    // The marker is hidden from screen readers (the Parent column says it), but shows the nesting.
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Bakery',
      '↳ Bread',
      '↳ Cakes',
      'Dairy',
    ]);
    expect(rowOf('Bakery').getByText('2')).toBeInTheDocument();
    expect(await rowOf('Bread').findByText('Bakery')).toBeInTheDocument();
    expect(rowOf('Dairy').getAllByText('—')).toHaveLength(1);
  });

  it('offers only top-level categories as the parent, and sends the one chosen', async () => {
    const api = stubTaxonomyApi({ segment: 'categories', items: all, createdWith: { children_count: 0 } });
    renderTaxonomy('/categories');
    const form = await openForm('Add category', 'Add category');

    const parent = form.getByLabelText('Parent category');
    await waitFor(() =>
      expect(optionsOf(parent)).toEqual(['None (a top-level category)', 'Bakery', 'Dairy']),
    );
    expect(parent).toHaveValue('');
    await userEvent.type(form.getByLabelText(/^Name/), 'Milk');
    await userEvent.selectOptions(parent, 'Dairy');
    await userEvent.click(form.getByRole('button', { name: 'Add category' }));

    expect(await screen.findByRole('rowheader', { name: 'Milk' })).toHaveTextContent('↳ Milk');
    expect(api.requestsTo(taxonomyRoute('categories', 'create')).map((r) => r.body)).toEqual([
      { name: 'Milk', parent_id: dairy.id },
    ]);
  });

  it('edits a sub-category with its parent chosen, never offering a category as its own parent', async () => {
    const api = stubTaxonomyApi({ segment: 'categories', items: all });
    renderTaxonomy('/categories');

    let form = await openForm('Edit Bread', 'Edit Bread');
    await waitFor(() => expect(form.getByLabelText('Parent category')).toHaveValue(bakery.id));
    await userEvent.selectOptions(form.getByLabelText('Parent category'), '');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(taxonomyRoute('categories', 'update', bread.id)).map((r) => r.body)).toEqual([
      { name: 'Bread', parent_id: null },
    ]);

    form = await openForm('Edit Dairy', 'Edit Dairy');
    await waitFor(() => expect(optionsOf(form.getByLabelText('Parent category'))).toContain('Bakery'));
    expect(optionsOf(form.getByLabelText('Parent category'))).not.toContain('Dairy');
  });

  it('keeps a category with sub-categories top-level', async () => {
    stubTaxonomyApi({ segment: 'categories', items: all });
    renderTaxonomy('/categories');

    const form = await openForm('Edit Bakery', 'Edit Bakery');

    expect(form.getByLabelText('Parent category')).toBeDisabled();
    expect(form.getByText('It has sub-categories of its own, so it stays top-level.')).toBeInTheDocument();
  });

  it('puts the server’s refusal of a parent on the parent field', async () => {
    const message = 'Categories nest one level only: choose a top-level category as the parent.';
    stubTaxonomyApi({
      segment: 'categories',
      items: all,
      handlers: {
        PUT: () =>
          json(400, {
            error_code: 'VALIDATION_ERROR',
            message,
            details: [{ path: 'body.parent_id', message }],
          }),
      },
    });
    renderTaxonomy('/categories');

    const form = await openForm('Edit Dairy', 'Edit Dairy');
    await waitFor(() => expect(optionsOf(form.getByLabelText('Parent category'))).toContain('Bakery'));
    await userEvent.selectOptions(form.getByLabelText('Parent category'), 'Bakery');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByText(message)).toBeInTheDocument();
    expect(form.getByLabelText('Parent category')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows why a category with sub-categories cannot be deleted', async () => {
    const message = '2 sub-categories belong to this category; move or delete them first.';
    stubTaxonomyApi({
      segment: 'categories',
      items: all,
      handlers: { DELETE: () => json(409, { error_code: 'CONFLICT', message }) },
    });
    renderTaxonomy('/categories');

    const dialog = await openForm('Delete Bakery', 'Delete Bakery?');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('rowheader', { name: 'Bakery' })).toBeInTheDocument();
  });
});
