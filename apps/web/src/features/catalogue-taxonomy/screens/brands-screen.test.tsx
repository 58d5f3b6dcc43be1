import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORGANISATION_HEADER } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { harbour, idOf } from '#testing/fixtures.ts';
import { taxonomyRoute, json, renderTaxonomy, stubTaxonomyApi } from '../testing/taxonomy-api-stub.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const bega = { id: idOf(1), name: 'Bega' };
const devondale = { id: idOf(2), name: 'Devondale' };

const searchesSent = (api: ReturnType<typeof stubTaxonomyApi>) =>
  api.requestsTo(taxonomyRoute('brands', 'list')).map((r) => r.query.get('search'));

describe('Brands screen', () => {
  it('lists the brands, each with edit and delete buttons named after it', async () => {
    const api = stubTaxonomyApi({ segment: 'brands', items: [devondale, bega] });
    renderTaxonomy('/brands');

    expect(screen.getByRole('heading', { level: 1, name: 'Brands' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Bega' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Bega', 'Devondale']);
    expect(screen.getByRole('button', { name: 'Edit Bega' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Devondale' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 brands')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    const [request] = api.requestsTo(taxonomyRoute('brands', 'list'));
    expect(request!.query.toString()).toBe('limit=25');
    expect(request?.headers.get(ORGANISATION_HEADER)).toBe(harbour.id);
  });

  it('loads the next page with the cursor of the last one', async () => {
    const many = Array.from({ length: 27 }, (_, n) => ({ id: idOf(100 + n), name: `Brand ${100 + n}` }));
    const api = stubTaxonomyApi({ segment: 'brands', items: many });
    renderTaxonomy('/brands');

    expect(await screen.findByText('Showing 25 brands')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Brand 126' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('rowheader', { name: 'Brand 126' })).toBeInTheDocument();
    expect(screen.getByText('Showing 27 brands')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requestsTo(taxonomyRoute('brands', 'list')).map((r) => r.query.get('cursor'))).toEqual([
      null,
      '25',
    ]);
  });

  it('searches on the server once typing pauses, and keeps the search in the URL', async () => {
    const api = stubTaxonomyApi({ segment: 'brands', items: [bega, devondale] });
    const { router } = renderTaxonomy('/brands');
    await screen.findByRole('rowheader', { name: 'Devondale' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search brands' }), 'BEG');

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Devondale' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'Bega' })).toBeInTheDocument();
    // Debounced: the letters typed in between were never sent one by one.
    expect(searchesSent(api)).toEqual([null, 'BEG']);
    expect(router.state.location.search).toBe('?q=BEG');
  });

  it('says when no brand matches, and clearing the search lists them all again', async () => {
    stubTaxonomyApi({ segment: 'brands', items: [bega, devondale] });
    renderTaxonomy('/brands?q=zzz');

    expect(await screen.findByText('No brands match “zzz”')).toBeInTheDocument();
    expect(screen.queryByText('No brands yet')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));

    expect(await screen.findByRole('rowheader', { name: 'Devondale' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search brands' })).toHaveValue('');
  });

  it('offers to add the first brand when there are none', async () => {
    stubTaxonomyApi({ segment: 'brands', items: [] });
    renderTaxonomy('/brands');

    expect(await screen.findByText('No brands yet')).toBeInTheDocument();
    const addButtons = screen.getAllByRole('button', { name: 'Add brand' });
    expect(addButtons).toHaveLength(2);
    await userEvent.click(addButtons[1]!);
    expect(await screen.findByRole('dialog', { name: 'Add brand' })).toBeInTheDocument();
  });

  it('shows a loading state until the first page arrives', async () => {
    let answer: (response: Response) => void = () => {};
    const api = stubTaxonomyApi({
      segment: 'brands',
      items: [],
      handlers: { GET: () => new Promise((resolve) => (answer = resolve)) },
    });
    renderTaxonomy('/brands');

    await waitFor(() => expect(api.requestsTo(taxonomyRoute('brands', 'list'))).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading brands…');
    answer(json(200, { items: [bega], next_cursor: null }));
    expect(await screen.findByRole('rowheader', { name: 'Bega' })).toBeInTheDocument();
    expect(screen.queryByText('Loading brands…')).toBeNull();
  });

  it('says when the list could not load, and tries again', async () => {
    let calls = 0;
    stubTaxonomyApi({
      segment: 'brands',
      items: [],
      handlers: {
        GET: () =>
          ++calls === 1
            ? json(429, { error_code: 'RATE_LIMITED', message: 'Too many requests; try again shortly.' })
            : json(200, { items: [bega], next_cursor: null }),
      },
    });
    renderTaxonomy('/brands');

    expect(await screen.findByText('We could not load your brands')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Bega' })).toBeInTheDocument();
  });
});
