import { screen, waitFor, within } from '@testing-library/react';
import {
  changeXeroCustomerLinks,
  type CustomerLinkRow,
  getXeroConnection,
  linkXeroCustomer,
  unlinkXeroCustomer,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '#lib/format.ts';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';
import { jsonResponse } from '#testing/render-routes.tsx';
import {
  aromaContact,
  aromaRow,
  bistroRow,
  customerLinksFixture,
  deliContact,
  deliRow,
  grocerRow,
  linkFixture,
} from '../testing/accounting-fixtures.ts';
import { CUSTOMER_LINKS, showXeroSettings, xeroDown } from '../testing/show-xero-settings.tsx';

// The Customers section on /xero/settings once Xero is connected: each customer with its contact,
// or the one suggested, linked one by one, every suggestion at once, or made in Xero.

afterEach(() => vi.unstubAllGlobals());

const CHANGE = route(changeXeroCustomerLinks, { id: harbour.id });
const LINK = route(linkXeroCustomer);
const UNLINK = route(unlinkXeroCustomer);
const CUSTOMERS_PATH = `/api/v1/xero/organisation/${harbour.id}/customers`;

const section = async () => within(await screen.findByRole('region', { name: 'Customers' }));

async function customersTable() {
  return (await section()).findByRole('table', { name: 'Customers and their Xero contacts' });
}

function rowOf(table: HTMLElement, name: string) {
  const header = within(table).getByRole('rowheader', { name: (text) => text.startsWith(name) });
  return within(header.closest('tr')!);
}

const linkedTo = (row: CustomerLinkRow, contact: { id: string; name: string }): CustomerLinkRow => ({
  ...row,
  link: linkFixture(contact.id, contact.name),
  suggestion: null,
});

describe('Xero customer links', () => {
  it('lists the customers with their contacts, the suggestion and why, and the counts', async () => {
    showXeroSettings();
    const panel = await section();
    const table = await customersTable();

    expect(panel.getByText('1 of 4 linked, 1 suggested')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Link 1 suggested' })).toBeEnabled();
    expect(panel.getByRole('button', { name: 'Create in Xero' })).toBeDisabled();

    const aroma = rowOf(table, 'Café Aroma');
    expect(aroma.getByText('ABN 51 824 753 556 · orders@cafearoma.com.au')).toBeInTheDocument();
    const suggested = aroma.getByRole('combobox', { name: 'Xero contact for Café Aroma' });
    expect(suggested).toHaveValue('Cafe Aroma Pty Ltd');
    expect(suggested).toHaveAccessibleDescription('Suggested: Same ABN');
    expect(aroma.getByRole('button', { name: 'Link Café Aroma' })).toBeEnabled();

    const bistro = rowOf(table, 'Harbour Bistro');
    expect(bistro.getByText('Harbour Bistro Pty Ltd')).toBeInTheDocument();
    expect(
      bistro.getByText(`Linked by Mia Chen on ${formatDate('2025-03-05T02:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(bistro.getByRole('button', { name: 'Unlink Harbour Bistro' })).toBeInTheDocument();
    expect(bistro.queryByRole('checkbox')).not.toBeInTheDocument();

    const deli = rowOf(table, 'Northside Deli');
    expect(deli.getByRole('combobox', { name: 'Xero contact for Northside Deli' })).toHaveValue('');
    expect(deli.getByRole('button', { name: 'Link Northside Deli' })).toBeDisabled();
    expect(panel.getByText('Showing 4 customers')).toBeInTheDocument();
  });

  it('links every suggestion at once, says how many, and shows them linked', async () => {
    let isLinked = false;
    const { api, user } = showXeroSettings({
      [CUSTOMER_LINKS]: () =>
        jsonResponse(
          200,
          isLinked
            ? customerLinksFixture({
                items: [linkedTo(aromaRow, aromaContact), bistroRow, deliRow, grocerRow],
                unlinked_contacts: [deliContact],
                counts: { total: 4, linked: 2, suggested: 0 },
              })
            : customerLinksFixture(),
        ),
      [CHANGE]: () => {
        isLinked = true;
        return jsonResponse(200, { linked: 1, created: 0 });
      },
    });
    const panel = await section();
    const table = await customersTable();

    await user.click(panel.getByRole('button', { name: 'Link 1 suggested' }));

    expect(await screen.findByText('Linked 1 customer')).toBeInTheDocument();
    expect(api.requestsTo(CHANGE).map((request) => request.body)).toEqual([{ action: 'LINK_SUGGESTED' }]);
    expect(rowOf(table, 'Café Aroma').getByRole('button', { name: 'Unlink Café Aroma' })).toBeInTheDocument();
    expect(panel.getByText('2 of 4 linked')).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: /suggested/ })).not.toBeInTheDocument();
  });

  it('creates contacts in Xero for the customers ticked', async () => {
    const { api, user } = showXeroSettings({
      [CHANGE]: () => jsonResponse(200, { linked: 2, created: 2 }),
    });
    const panel = await section();
    const table = await customersTable();

    // Every unlinked one shown, then one left out again.
    await user.click(within(table).getByRole('checkbox', { name: 'Select all unlinked customers shown' }));
    expect(panel.getByText('3 customers ticked.')).toBeInTheDocument();
    await user.click(rowOf(table, 'Café Aroma').getByRole('checkbox', { name: 'Select Café Aroma' }));
    const create = panel.getByRole('button', { name: 'Create in Xero' });
    expect(create).toHaveAccessibleDescription('2 customers ticked.');
    await user.click(create);

    expect(await screen.findByText('Created 2 contacts in Xero')).toBeInTheDocument();
    expect(api.requestsTo(CHANGE).map((request) => request.body)).toEqual([
      { action: 'CREATE', customer_ids: [deliRow.customer.id, grocerRow.customer.id] },
    ]);
    await waitFor(() => expect(panel.getByRole('button', { name: 'Create in Xero' })).toBeDisabled());
    expect(api.requestsTo(CUSTOMER_LINKS)).toHaveLength(2);
  });

  it('links a customer to its suggestion', async () => {
    const { api, user } = showXeroSettings({
      [LINK]: () =>
        jsonResponse(200, {
          id: aromaRow.customer.id,
          link: linkFixture(aromaContact.id, aromaContact.name),
        }),
    });
    const table = await customersTable();

    await user.click(rowOf(table, 'Café Aroma').getByRole('button', { name: 'Link Café Aroma' }));

    expect(await screen.findByText('Linked Café Aroma to Cafe Aroma Pty Ltd')).toBeInTheDocument();
    expect(api.requestsTo(LINK).map((request) => [request.path, request.body])).toEqual([
      [`${CUSTOMERS_PATH}/${aromaRow.customer.id}`, { external_id: aromaContact.id }],
    ]);
  });

  it('shows the refusal when the contact chosen is linked to another customer, and loads the list again', async () => {
    const message = 'That contact is linked to another customer. Unlink it there first.';
    const { api, user } = showXeroSettings({
      [LINK]: () => jsonResponse(409, { error_code: 'CONFLICT', message }),
    });
    const table = await customersTable();
    const deli = rowOf(table, 'Northside Deli');

    await user.click(deli.getByRole('combobox', { name: 'Xero contact for Northside Deli' }));
    await user.click(await screen.findByRole('option', { name: 'Northside Deli Trading' }));
    await user.click(deli.getByRole('button', { name: 'Link Northside Deli' }));

    expect(await screen.findByText(`CONFLICT - ${message}`)).toBeInTheDocument();
    expect(api.requestsTo(LINK).map((request) => [request.path, request.body])).toEqual([
      [`${CUSTOMERS_PATH}/${deliRow.customer.id}`, { external_id: deliContact.id }],
    ]);
    await waitFor(() => expect(api.requestsTo(CUSTOMER_LINKS)).toHaveLength(2));
  });

  it('unlinks a customer and says so', async () => {
    let isUnlinked = false;
    const { api, user } = showXeroSettings({
      [CUSTOMER_LINKS]: () =>
        jsonResponse(
          200,
          customerLinksFixture(
            isUnlinked
              ? {
                  items: [aromaRow, { ...bistroRow, link: null }, deliRow, grocerRow],
                  counts: { total: 4, linked: 0, suggested: 1 },
                }
              : {},
          ),
        ),
      [UNLINK]: () => {
        isUnlinked = true;
        return jsonResponse(200, { id: bistroRow.customer.id, link: null });
      },
    });
    const table = await customersTable();

    await user.click(rowOf(table, 'Harbour Bistro').getByRole('button', { name: 'Unlink Harbour Bistro' }));

    expect(
      await screen.findByText('Unlinked Harbour Bistro from Harbour Bistro Pty Ltd'),
    ).toBeInTheDocument();
    expect(api.requestsTo(UNLINK).map((request) => [request.method, request.path])).toEqual([
      ['DELETE', `${CUSTOMERS_PATH}/${bistroRow.customer.id}`],
    ]);
    expect(
      rowOf(table, 'Harbour Bistro').getByRole('combobox', { name: 'Xero contact for Harbour Bistro' }),
    ).toBeInTheDocument();
  });

  it('loads the next page with the cursor', async () => {
    const { api, user } = showXeroSettings({
      [CUSTOMER_LINKS]: ({ query }) =>
        jsonResponse(
          200,
          query.get('cursor') === 'after-deli'
            ? customerLinksFixture({ items: [grocerRow] })
            : customerLinksFixture({ items: [aromaRow, bistroRow, deliRow], next_cursor: 'after-deli' }),
        ),
    });
    const panel = await section();
    const table = await customersTable();
    expect(within(table).queryByRole('rowheader', { name: /The Green Grocer/ })).not.toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Load more' }));

    expect(await within(table).findByRole('rowheader', { name: /The Green Grocer/ })).toBeInTheDocument();
    expect(panel.getByText('Showing 4 customers')).toBeInTheDocument();
    expect(api.requestsTo(CUSTOMER_LINKS).map((request) => request.query.toString())).toEqual([
      'limit=50',
      'limit=50&cursor=after-deli',
    ]);
  });

  it('says when only the first contacts were read', async () => {
    showXeroSettings({
      [CUSTOMER_LINKS]: () => jsonResponse(200, customerLinksFixture({ is_truncated: true })),
    });

    expect(
      await (await section()).findByText(/Xero has more contacts than Tradeport reads at once/),
    ).toBeInTheDocument();
  });

  it('invites adding customers when there are none', async () => {
    showXeroSettings({
      [CUSTOMER_LINKS]: () =>
        jsonResponse(200, customerLinksFixture({ items: [], counts: { total: 0, linked: 0, suggested: 0 } })),
    });
    const panel = await section();

    expect(await panel.findByText('No customers yet')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Go to Customers' })).toHaveAttribute('href', '/customers');
    expect(panel.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says Xero did not answer, without a toast, and loads again on Try again', async () => {
    let isDown = true;
    const { api, user } = showXeroSettings({
      [CUSTOMER_LINKS]: () => (isDown ? xeroDown() : jsonResponse(200, customerLinksFixture())),
    });
    const panel = await section();

    expect(await panel.findByText('We could not load your customers and Xero contacts')).toBeInTheDocument();
    expect(
      screen.getAllByText('Xero is not answering just now. Try again in a minute.', { exact: false }),
    ).toHaveLength(1);
    isDown = false;
    await user.click(panel.getByRole('button', { name: 'Try again' }));

    expect(await customersTable()).toBeInTheDocument();
    expect(api.requestsTo(CUSTOMER_LINKS)).toHaveLength(2);
  });

  it('shows the server’s words when Xero is not connected, and loads the connection again', async () => {
    const { api } = showXeroSettings({
      [CUSTOMER_LINKS]: () =>
        jsonResponse(409, { error_code: 'CONFLICT', message: 'Xero is not connected.' }),
    });
    const panel = await section();

    expect(await panel.findByText('Xero is not connected.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requestsTo(route(getXeroConnection, { id: harbour.id })).length).toBeGreaterThan(1),
    );
  });
});
