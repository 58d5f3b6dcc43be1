import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCurrentUser, getOrganisation, type Organisation, updateOrganisation } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, harbourOrganisation, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { OrganisationDetailsSection } from './organisation-details-section.tsx';

// A merchant's bank account for payments by transfer, in its details form (/organisations/details).

const merchant = harbourOrganisation();

const update = route(updateOrganisation, { id: harbour.id });

function show(organisation: Organisation) {
  const api = fakeFetch({
    [route(getCurrentUser)]: answer(200, { ...merchantUser, is_merchant: organisation.is_merchant }),
    [route(getOrganisation, { id: harbour.id })]: answer(200, organisation),
    [update]: ({ body }) => jsonResponse(200, { ...organisation, ...(body as object), version: 4 }),
  });
  vi.stubGlobal('fetch', api.stub);
  renderAsMerchant(
    [{ path: '/organisations/details', element: <OrganisationDetailsSection organisationId={harbour.id} /> }],
    '/organisations/details',
  );
  return api;
}

const bankSection = () => screen.getByRole('group', { name: 'Bank account for payments' });

afterEach(() => vi.unstubAllGlobals());

describe('the bank account for payments', () => {
  it('is saved as the contract normalises it: BSB and account number as digits', async () => {
    const api = show(merchant);
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: /^Business name/ });
    const section = within(bankSection());
    expect(bankSection()).toHaveAccessibleDescription(
      /printed on your tax invoices .* pay by bank transfer/i,
    );

    await user.type(section.getByRole('textbox', { name: 'Account name' }), ' Harbour Wholesale Pty Ltd ');
    await user.type(section.getByRole('textbox', { name: 'BSB' }), '062 000');
    await user.type(section.getByRole('textbox', { name: 'Account number' }), '1045 8832');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Organisation details saved')).toBeInTheDocument();
    expect(api.requestsTo(update)[0]?.body).toMatchObject({
      bank_account_name: 'Harbour Wholesale Pty Ltd',
      bank_bsb: '062000',
      bank_account_number: '10458832',
      version: 3,
    });
  });

  it('shows the saved BSB as 062-000, names the fields left empty, and clears with all three empty', async () => {
    const api = show({
      ...merchant,
      bank_account_name: 'Harbour Wholesale Pty Ltd',
      bank_bsb: '062000',
      bank_account_number: '10458832',
    });
    const user = userEvent.setup();
    const bsb = await screen.findByRole('textbox', { name: 'BSB' });
    expect(bsb).toHaveValue('062-000');
    const name = screen.getByRole('textbox', { name: 'Account name' });
    const number = screen.getByRole('textbox', { name: 'Account number' });

    await user.clear(name);
    await user.clear(number);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(/Enter the account name too/)).toBeInTheDocument();
    expect(screen.getByText(/Enter the account number too/)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo(update)).toHaveLength(0);

    await user.clear(bsb);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(api.requestsTo(update)).toHaveLength(1));
    expect(api.requestsTo(update)[0]?.body).toMatchObject({
      bank_account_name: null,
      bank_bsb: null,
      bank_account_number: null,
    });
  });

  it('is not shown for a customer organisation, whose edit leaves it out', async () => {
    const api = show({ ...merchant, is_merchant: false, slug: 'corner-deli-house' });
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: /^Business name/ });
    expect(screen.queryByRole('group', { name: 'Bank account for payments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'BSB' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(api.requestsTo(update)).toHaveLength(1));
    expect(api.requestsTo(update)[0]?.body).not.toHaveProperty('bank_bsb');
    expect(api.requestsTo(update)[0]?.body).not.toHaveProperty('bank_account_name');
  });
});
