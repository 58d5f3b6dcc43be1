import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubGroupApi } from '#shared/product-groups/testing/group-api-stub.tsx';
import { groupFixture, harbourUser } from '#shared/product-groups/testing/group-fixtures.ts';
import { idOf } from '#testing/fixtures.ts';
import { renderVisibility, VISIBILITY } from '../testing/render-visibility.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Visibility groups screen', () => {
  it('lists the groups with their product and customer counts', async () => {
    const venues = groupFixture({ id: idOf(3), name: 'Hotel venues', product_count: 40, customer_count: 6 });
    stubGroupApi({ kind: VISIBILITY, groups: [venues] });
    renderVisibility('/visibility');

    expect(screen.getByRole('heading', { level: 1, name: 'Visibility Groups' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Hotel venues' });
    expect(link).toHaveAttribute('href', `/visibility/${venues.id}`);
    const row = within(link.closest('tr') as HTMLElement);
    expect(row.getByRole('cell', { name: '40' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '6' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '—' })).toBeInTheDocument();
  });

  it('explains visibility groups when there are none', async () => {
    stubGroupApi({ kind: VISIBILITY, groups: [], user: harbourUser });
    renderVisibility('/visibility');

    expect(await screen.findByText('No visibility groups yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Products in a visibility group are shown only to the group’s customers; products in no group are shown to everyone.',
      ),
    ).toBeInTheDocument();
    // Not an Admin: nothing to add with.
    expect(screen.queryByRole('button', { name: 'Add visibility group' })).toBeNull();
  });
});
