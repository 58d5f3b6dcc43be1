import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type AccountingConnection,
  getCurrentUser,
  getXeroBooks,
  getXeroConnection,
  getXeroSyncHealth,
  saveXeroMapping,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCurrentAccount } from '#lib/current-account.ts';
import { type FakeHandler, fakeFetch, route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { jsonResponse, renderAsMerchant } from '#testing/render-routes.tsx';
import { XeroSettingsScreen } from '../screens/accounting-settings-screen.tsx';
import {
  connectedFixture,
  mappedFixture,
  syncHealthFixture,
  xeroBooks,
} from '../testing/accounting-fixtures.ts';

// The mapping on /xero/settings once Xero is connected: the books' accounts and tax rates in
// pickers, filled from what was saved, and saved with the connection's version.

afterEach(() => vi.unstubAllGlobals());

const CONNECTION = route(getXeroConnection, { id: harbour.id });
const BOOKS = route(getXeroBooks, { id: harbour.id });
const SAVE = route(saveXeroMapping, { id: harbour.id });

const INCOMPLETE = 'Nothing is sent to Xero until the sales account and both tax rates are chosen.';

function AsBehindTheGuard() {
  return useCurrentAccount().data ? <XeroSettingsScreen /> : null;
}

function show(handlers: Record<string, FakeHandler> = {}) {
  const api = fakeFetch({
    [route(getCurrentUser)]: () => jsonResponse(200, merchantUser),
    [CONNECTION]: () => jsonResponse(200, mappedFixture),
    [BOOKS]: () => jsonResponse(200, xeroBooks),
    [route(getXeroSyncHealth, { id: harbour.id })]: () => jsonResponse(200, syncHealthFixture()),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.stub);
  renderAsMerchant([{ path: '/xero/settings', element: <AsBehindTheGuard /> }], '/xero/settings');
  return { api, user: userEvent.setup() };
}

/** The Mapping panel, once its pickers are there. */
async function mappingPanel() {
  const panel = within(await screen.findByRole('region', { name: 'Mapping' }));
  await panel.findByRole('combobox', { name: 'Sales account' });
  return panel;
}

const payments = (panel: ReturnType<typeof within>) =>
  within(panel.getByRole('group', { name: 'Payment accounts' }));

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  picker: HTMLElement,
  option: string,
  search?: string,
) {
  await user.click(picker);
  if (search !== undefined) {
    await user.clear(picker);
    await user.type(picker, search);
  }
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The server's answer to a save: the connection with the mapping sent, one version on. */
const savedAs = (body: unknown): AccountingConnection => {
  const { version, ...mapping } = body as AccountingConnection['mapping'] & { version: number };
  return { ...connectedFixture, mapping, version: version + 1 };
};

describe('Xero mapping', () => {
  it('reads the books while showing a skeleton, then fills the pickers from the saved mapping', async () => {
    let answerBooks: (response: Response) => void = () => {};
    show({ [BOOKS]: () => new Promise<Response>((resolve) => (answerBooks = resolve)) });

    const region = within(await screen.findByRole('region', { name: 'Mapping' }));
    expect(await region.findByText('Loading the accounts and tax rates from Xero')).toBeInTheDocument();
    answerBooks(jsonResponse(200, xeroBooks));

    const panel = await mappingPanel();
    expect(panel.getByRole('combobox', { name: 'Sales account' })).toHaveValue('200 – Sales');
    expect(panel.getByRole('combobox', { name: 'Freight account' })).toHaveValue('260 – Other Revenue');
    expect(panel.getByRole('combobox', { name: 'Card surcharge account' })).toHaveValue('Not chosen');
    const methods = payments(panel);
    expect(methods.getByRole('combobox', { name: 'Bank Transfer' })).toHaveValue(
      '090 – Business Bank Account',
    );
    expect(methods.getByRole('combobox', { name: 'Stripe Credit/Debit Card' })).toHaveValue(
      '091 – Business Savings Account',
    );
    expect(methods.getByRole('combobox', { name: 'Cash' })).toHaveValue('Not sent');
    expect(panel.getByRole('combobox', { name: 'GST tax rate' })).toHaveValue('GST on Income (10%)');
    expect(panel.getByRole('combobox', { name: 'GST-free tax rate' })).toHaveValue('GST Free Income (0%)');
    const send = within(panel.getByRole('radiogroup', { name: 'Send invoices' }));
    expect(send.getByRole('radio', { name: 'When the order is completed' })).toBeChecked();
    expect(send.getByRole('radio', { name: 'When the order is placed' })).not.toBeChecked();
    expect(screen.queryByText(INCOMPLETE)).not.toBeInTheDocument();
  });

  it('offers income accounts for sales, and rates that charge tax for GST', async () => {
    const { user } = show();
    const panel = await mappingPanel();

    await user.click(panel.getByRole('combobox', { name: 'Sales account' }));
    const listbox = within(await screen.findByRole('listbox'));
    expect(listbox.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '200 – Sales',
      '260 – Other Revenue',
      '270 – Interest Income',
    ]);
    await user.keyboard('{Escape}');

    await user.click(panel.getByRole('combobox', { name: 'GST-free tax rate' }));
    const rates = within(await screen.findByRole('listbox'));
    expect(rates.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'GST Free Income (0%)',
      'BAS Excluded (0%)',
    ]);
  });

  it('says nothing is sent until the sales account and both tax rates are chosen', async () => {
    show({
      [CONNECTION]: () =>
        jsonResponse(200, { ...mappedFixture, mapping: { ...mappedFixture.mapping, gst_free_tax_id: null } }),
    });
    const panel = await mappingPanel();

    expect(panel.getByText(INCOMPLETE)).toBeInTheDocument();
    expect(panel.getByRole('combobox', { name: 'GST-free tax rate' })).toHaveValue('');
  });

  it('saves the choices with the connection’s version, and says it is complete', async () => {
    const { api, user } = show({
      [CONNECTION]: () => jsonResponse(200, connectedFixture),
      [SAVE]: ({ body }) => jsonResponse(200, savedAs(body)),
    });
    const panel = await mappingPanel();
    expect(panel.getByText(INCOMPLETE)).toBeInTheDocument();

    await choose(user, panel.getByRole('combobox', { name: 'Sales account' }), '200 – Sales');
    await choose(
      user,
      payments(panel).getByRole('combobox', { name: 'Stripe Credit/Debit Card' }),
      '091 – Business Savings Account',
      'savings',
    );
    await choose(user, panel.getByRole('combobox', { name: 'GST tax rate' }), 'GST on Income (10%)');
    await choose(user, panel.getByRole('combobox', { name: 'GST-free tax rate' }), 'BAS Excluded (0%)');
    await user.click(panel.getByRole('radio', { name: 'When the order is completed' }));
    await user.click(panel.getByRole('button', { name: 'Save mapping' }));

    expect(await screen.findByText('Xero mapping saved')).toBeInTheDocument();
    expect(api.requestsTo(SAVE).map((request) => request.body)).toEqual([
      {
        sales_account_code: '200',
        freight_account_code: null,
        surcharge_account_code: null,
        payment_account_codes: { STRIPE_CARD: '091' },
        gst_tax_id: 'OUTPUT',
        gst_free_tax_id: 'BASEXCLUDED',
        push_on: 'ON_COMPLETION',
        version: 3,
      },
    ]);
    await waitFor(() => expect(screen.queryByText(INCOMPLETE)).not.toBeInTheDocument());
    expect((await mappingPanel()).getByRole('combobox', { name: 'Sales account' })).toHaveValue(
      '200 – Sales',
    );
  });

  it('shows the server’s refusal of an account on its picker', async () => {
    const message = 'There is no active account 090 in the books';
    const { user } = show({
      [SAVE]: () =>
        jsonResponse(400, {
          error_code: 'VALIDATION_ERROR',
          message,
          details: [{ path: 'body.payment_account_codes.BANK_TRANSFER', message }],
        }),
    });
    const panel = await mappingPanel();

    await user.click(panel.getByRole('button', { name: 'Save mapping' }));

    const bank = payments(panel).getByRole('combobox', { name: 'Bank Transfer' });
    await waitFor(() => expect(bank).toHaveAccessibleDescription(message));
    expect(bank).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(bank).toHaveFocus());
    // On the field only: not again above the form, nor as a toast.
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('says the books could not be read when Xero does not answer, and reads them again on retry', async () => {
    let isDown = true;
    const { api, user } = show({
      [BOOKS]: () =>
        isDown
          ? jsonResponse(503, {
              error_code: 'SERVICE_UNAVAILABLE',
              message: 'Xero is not answering just now. Try again in a minute.',
            })
          : jsonResponse(200, xeroBooks),
    });
    const region = within(await screen.findByRole('region', { name: 'Mapping' }));

    expect(await region.findByText('We could not read your Xero accounts and tax rates')).toBeInTheDocument();
    expect(region.getByText('Xero is not answering just now. Try again in a minute.')).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Save mapping' })).not.toBeInTheDocument();
    isDown = false;
    await user.click(region.getByRole('button', { name: 'Try again' }));

    expect((await mappingPanel()).getByRole('combobox', { name: 'Sales account' })).toHaveValue(
      '200 – Sales',
    );
    expect(api.requestsTo(BOOKS)).toHaveLength(2);
  });

  it('reloads the connection and says it changed when the save is refused as stale', async () => {
    // Another Admin saved meanwhile: loads after the refusal find their mapping.
    let hasChanged = false;
    const theirs = {
      ...mappedFixture,
      mapping: { ...mappedFixture.mapping, sales_account_code: '260' },
      version: 5,
    };
    const { api, user } = show({
      [CONNECTION]: () => jsonResponse(200, hasChanged ? theirs : mappedFixture),
      [SAVE]: () => {
        hasChanged = true;
        return jsonResponse(409, {
          error_code: 'CONFLICT',
          message: 'The settings changed meanwhile. Reload them and save again.',
        });
      },
    });
    const panel = await mappingPanel();

    await user.click(panel.getByRole('button', { name: 'Save mapping' }));

    expect(await screen.findByText('The Xero connection changed')).toBeInTheDocument();
    await waitFor(async () =>
      expect((await mappingPanel()).getByRole('combobox', { name: 'Sales account' })).toHaveValue(
        '260 – Other Revenue',
      ),
    );
    expect(api.requestsTo(SAVE)).toHaveLength(1);
    expect(api.requestsTo(CONNECTION).length).toBeGreaterThan(1);
  });
});
