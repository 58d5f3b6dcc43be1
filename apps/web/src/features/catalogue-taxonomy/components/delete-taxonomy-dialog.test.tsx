import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idOf } from '#testing/fixtures.ts';
import { json, taxonomyRoute, renderTaxonomy, stubTaxonomyApi } from '../testing/taxonomy-api-stub.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const bega = { id: idOf(1), name: 'Bega' };
const devondale = { id: idOf(2), name: 'Devondale' };
const IN_USE = '3 products use this brand (archived ones included); move them to another brand first.';

async function askToDeleteBega() {
  renderTaxonomy('/brands');
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Bega' }));
  return within(await screen.findByRole('dialog', { name: 'Delete Bega?' }));
}

describe('Deleting a brand', () => {
  it('deletes only after confirmation', async () => {
    const api = stubTaxonomyApi({ segment: 'brands', items: [bega, devondale] });
    const dialog = await askToDeleteBega();

    expect(api.requestsTo(taxonomyRoute('brands', 'remove', bega.id))).toHaveLength(0);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Bega' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Devondale' })).toBeInTheDocument();
    expect(screen.getByText('“Bega” deleted')).toBeInTheDocument();
    expect(api.requestsTo(taxonomyRoute('brands', 'remove', bega.id))).toHaveLength(1);
  });

  it('sends nothing when cancelled', async () => {
    const api = stubTaxonomyApi({ segment: 'brands', items: [bega] });
    const dialog = await askToDeleteBega();

    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'Bega' })).toBeInTheDocument();
    expect(api.requestsTo(taxonomyRoute('brands', 'remove', bega.id))).toHaveLength(0);
  });

  it('shows the server’s reason when the brand is in use, and keeps it', async () => {
    stubTaxonomyApi({
      segment: 'brands',
      items: [bega],
      handlers: { DELETE: () => json(409, { error_code: 'CONFLICT', message: IN_USE }) },
    });
    const dialog = await askToDeleteBega();

    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('“Bega” was not deleted');
    expect(refusal).toHaveTextContent(IN_USE);
    // Shown once, as the server said it: no toast besides.
    expect(screen.getAllByText(IN_USE)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Bega' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(IN_USE)).toBeNull();
  });
});
