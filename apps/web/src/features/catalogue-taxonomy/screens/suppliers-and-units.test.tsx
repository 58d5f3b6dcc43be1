import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idOf } from '#testing/fixtures.ts';
import { taxonomyRoute, renderTaxonomy, stubTaxonomyApi } from '../testing/taxonomy-api-stub.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const rowOf = (name: string) => within(screen.getByRole('rowheader', { name }).closest('tr')!);

async function openAdd(label: string) {
  await userEvent.click((await screen.findAllByRole('button', { name: label }))[0]!);
  return within(await screen.findByRole('dialog', { name: label }));
}

describe('Suppliers screen', () => {
  const fresh = { id: idOf(1), name: 'Fresh Co', contact_email: 'orders@fresh.co', phone: '02 9000 1111' };
  const quiet = { id: idOf(2), name: 'Quiet Farms', contact_email: null, phone: null };

  it('lists suppliers with how to reach them', async () => {
    stubTaxonomyApi({ segment: 'suppliers', items: [fresh, quiet] });
    renderTaxonomy('/suppliers');

    expect(screen.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'Fresh Co' });
    expect(rowOf('Fresh Co').getByText('orders@fresh.co')).toBeInTheDocument();
    expect(rowOf('Fresh Co').getByText('02 9000 1111')).toBeInTheDocument();
    expect(rowOf('Quiet Farms').getAllByText('—')).toHaveLength(2);
  });

  it('checks the email before sending, and sends blank contact details as none', async () => {
    const api = stubTaxonomyApi({ segment: 'suppliers', items: [] });
    renderTaxonomy('/suppliers');
    const form = await openAdd('Add supplier');

    await userEvent.type(form.getByLabelText(/^Name/), 'Fresh Co');
    await userEvent.type(form.getByLabelText(/^Contact email/), 'not an email');
    await userEvent.click(form.getByRole('button', { name: 'Add supplier' }));
    expect(await form.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(form.getByLabelText(/^Contact email/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo(taxonomyRoute('suppliers', 'create'))).toHaveLength(0);

    await userEvent.clear(form.getByLabelText(/^Contact email/));
    await userEvent.click(form.getByRole('button', { name: 'Add supplier' }));

    expect(await screen.findByRole('rowheader', { name: 'Fresh Co' })).toBeInTheDocument();
    expect(api.requestsTo(taxonomyRoute('suppliers', 'create')).map((r) => r.body)).toEqual([
      { name: 'Fresh Co', contact_email: null, phone: null },
    ]);
  });
});

describe('Units of measure screen', () => {
  it('lists units with their abbreviation and requires one on a new unit', async () => {
    const kilogram = { id: idOf(1), name: 'Kilogram', abbreviation: 'kg' };
    const api = stubTaxonomyApi({ segment: 'uom', items: [kilogram] });
    renderTaxonomy('/uoms');

    expect(screen.getByRole('heading', { level: 1, name: 'Units of measure' })).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: 'Kilogram' });
    expect(rowOf('Kilogram').getByText('kg')).toBeInTheDocument();

    const form = await openAdd('Add unit of measure');
    await userEvent.type(form.getByLabelText(/^Name/), 'Carton{Enter}');
    expect(await form.findByText('Enter an abbreviation')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText(/^Abbreviation/), 'ctn{Enter}');

    expect(await screen.findByRole('rowheader', { name: 'Carton' })).toBeInTheDocument();
    expect(rowOf('Carton').getByText('ctn')).toBeInTheDocument();
    expect(api.requestsTo(taxonomyRoute('uom', 'create')).map((r) => r.body)).toEqual([
      { name: 'Carton', abbreviation: 'ctn' },
    ]);
  });
});
