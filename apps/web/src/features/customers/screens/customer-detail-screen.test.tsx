import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CAFE_ID,
  customerFixture,
  HOUSE_ID,
  houseAccount,
  json,
  type Person,
  renderCustomers,
  stubApi,
} from '../testing/customers-api-stub.tsx';
import {
  getCustomer,
  getCustomerSettings,
  inviteCustomerUser,
  listCustomers,
  listCustomerUsers,
  updateCustomer,
  updateCustomerSettings,
} from '@tradeport/contract';
import { type FakeHandler, route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const people: Person[] = [
  {
    user_id: '00000000-0000-4000-8000-0000000000e1',
    invitation_id: null,
    name: 'Ana Lopez',
    email: 'ana@cafearoma.com.au',
    user_level: 'Admin',
    status: 'ACTIVE',
  },
  {
    user_id: null,
    invitation_id: '00000000-0000-4000-8000-0000000000e2',
    name: null,
    email: 'tom@cafearoma.com.au',
    user_level: 'User',
    status: 'INVITED',
  },
];

/** The café's endpoints; `customer` is read on each GET, so a test can change what comes back. */
function stubCafe(options: { customer?: () => Customer; handlers?: Record<string, FakeHandler> } = {}) {
  const customer = options.customer ?? (() => customerFixture());
  return stubApi({
    [route(getCustomer, { id: harbour.id, cid: CAFE_ID })]: () => json(200, customer()),
    [route(getCustomerSettings, { id: harbour.id, cid: CAFE_ID })]: () =>
      json(200, customer().payment_settings),
    [route(listCustomerUsers, { id: harbour.id, cid: CAFE_ID })]: () => json(200, people),
    ...options.handlers,
  });
}

async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

describe('CustomerDetailScreen', { timeout: 20_000 }, () => {
  it('says which sections are still loading, as statuses a screen reader announces', async () => {
    // Answered only once the test has looked: each section shows its placeholder meanwhile.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const later = (response: () => Response) => async () => {
      await answered;
      return response();
    };
    stubCafe({
      handlers: {
        [route(getCustomerSettings, { id: harbour.id, cid: CAFE_ID })]: later(() =>
          json(200, customerFixture().payment_settings),
        ),
        [route(listCustomerUsers, { id: harbour.id, cid: CAFE_ID })]: later(() => json(200, people)),
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);

    expect(await screen.findByRole('status', { name: 'Loading payment settings' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading people' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Ana Lopez')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading people' })).toBeNull();
  });

  it('shows the customer, its payment settings in dollars and its people', async () => {
    stubCafe();
    renderCustomers(`/customers/${CAFE_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Café Aroma' })).toBeInTheDocument();
    expect(screen.queryByText('House account')).toBeNull();
    expect(screen.getByLabelText(/^ABN/)).toHaveValue('51824753556');
    expect(screen.getByLabelText(/^State/)).toHaveValue('NSW');

    const payments = within(screen.getByRole('region', { name: 'Payment settings' }));
    expect(await payments.findByText('$5,000.00')).toBeInTheDocument();
    expect(payments.getByText('14 days')).toBeInTheDocument();
    expect(payments.getByLabelText(/^Credit limit/)).toHaveValue('5000');

    const peopleTable = within(await screen.findByRole('table', { name: 'People' }));
    const ana = within(peopleTable.getByText('ana@cafearoma.com.au').closest('tr') as HTMLElement);
    expect(ana.getByText('Ana Lopez')).toBeInTheDocument();
    expect(ana.getByText('Admin')).toBeInTheDocument();
    expect(ana.getByText('Active')).toBeInTheDocument();
    const tom = within(peopleTable.getByText('tom@cafearoma.com.au').closest('tr') as HTMLElement);
    expect(tom.getByText('Invited')).toBeInTheDocument();
  });

  it('says when someone else changed the customer, and reloads their version', async () => {
    let current = customerFixture();
    const api = stubCafe({
      customer: () => current,
      handlers: {
        [route(updateCustomer, { id: harbour.id, cid: CAFE_ID })]: () => {
          // Someone else saved a moment ago.
          current = customerFixture({ title: 'Café Aroma Surry Hills', phone: '02 9000 9999', version: 4 });
          return json(409, {
            error_code: 'CONFLICT',
            message: 'The customer was changed since you loaded it.',
          });
        },
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);

    await fill(await screen.findByLabelText(/^Phone/), '02 9111 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('This customer was changed by someone else')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Café Aroma Surry Hills' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('02 9000 9999');
    // Shown beside the form only, not as a toast as well.
    expect(screen.queryByText(/CONFLICT/)).toBeNull();

    const [put] = api.requestsTo(route(updateCustomer, { id: harbour.id, cid: CAFE_ID }));
    expect(put?.body).toMatchObject({ phone: '02 9111 0000', archived: false, version: 3 });
    expect(api.requestsTo(route(getCustomer, { id: harbour.id, cid: CAFE_ID }))).toHaveLength(2);
  });

  it('warns before giving the customer an ABN another customer has, and saves once confirmed', async () => {
    const api = stubCafe({
      handlers: {
        [route(listCustomers, { id: harbour.id })]: ({ query }) =>
          json(200, {
            items:
              query.get('abn') === '53004085616'
                ? [customerFixture({ id: '00000000-0000-4000-8000-0000000000c7', title: 'Aroma Bondi' })]
                : [],
            next_cursor: null,
          }),
        [route(updateCustomer, { id: harbour.id, cid: CAFE_ID })]: ({ body }) =>
          json(200, customerFixture({ ...(body as object), version: 4 })),
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);

    await fill(await screen.findByLabelText(/^ABN/), '53 004 085 616');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Another customer, Aroma Bondi, has this ABN')).toBeInTheDocument();
    expect(api.requestsTo(route(updateCustomer, { id: harbour.id, cid: CAFE_ID }))).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(api.requestsTo(route(updateCustomer, { id: harbour.id, cid: CAFE_ID }))).toHaveLength(1),
    );
    expect(api.requestsTo(route(updateCustomer, { id: harbour.id, cid: CAFE_ID }))[0]?.body).toMatchObject({
      abn: '53004085616',
    });
  });

  it('archives only after confirmation, sending the version it was shown', async () => {
    let current = customerFixture();
    const api = stubCafe({
      customer: () => current,
      handlers: {
        [route(updateCustomer, { id: harbour.id, cid: CAFE_ID })]: ({ body }) => {
          current = { ...current, archived: (body as { archived: boolean }).archived, version: 4 };
          return json(200, current);
        },
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Archive customer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Archive Café Aroma?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(route(updateCustomer, { id: harbour.id, cid: CAFE_ID }))).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Archive customer' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Archive Café Aroma?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Archive customer' }));

    expect(await screen.findByRole('button', { name: 'Restore customer' })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1, name: 'Café Aroma' });
    expect(within(heading.parentElement as HTMLElement).getByText('Archived')).toBeInTheDocument();
    const puts = api.requestsTo(route(updateCustomer, { id: harbour.id, cid: CAFE_ID }));
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toEqual({
      title: 'Café Aroma',
      abn: '51824753556',
      contact_email: 'orders@cafearoma.com.au',
      phone: '02 9000 1234',
      address_line1: '12 Crown St',
      address_line2: null,
      suburb: 'Surry Hills',
      state: 'NSW',
      postcode: '2010',
      archived: true,
      version: 3,
    });
  });

  it('does not offer to archive the house account, and says why', async () => {
    stubApi({
      [route(getCustomer, { id: harbour.id, cid: HOUSE_ID })]: () => json(200, houseAccount),
      [route(getCustomerSettings, { id: harbour.id, cid: HOUSE_ID })]: () =>
        json(200, houseAccount.payment_settings),
      [route(listCustomerUsers, { id: harbour.id, cid: HOUSE_ID })]: () => json(200, []),
    });
    renderCustomers(`/customers/${HOUSE_ID}`);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Harbour Wholesale (house)' });
    expect(within(heading.parentElement as HTMLElement).getByText('House account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive customer' })).toBeDisabled();
    expect(screen.getByText(/The house account cannot be archived/)).toBeInTheDocument();
  });

  it('saves payment settings with the credit limit in cents, and a GST exemption', async () => {
    const api = stubCafe({
      handlers: {
        [route(updateCustomerSettings, { id: harbour.id, cid: CAFE_ID })]: ({ body }) =>
          // As the server answers: what was saved, with what the form leaves out kept.
          json(200, { is_overdue_reminders_enabled: true, ...(body as object) }),
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);

    const payments = within(await screen.findByRole('region', { name: 'Payment settings' }));
    await fill(await payments.findByLabelText(/^Credit limit/), '$7,500.5');
    expect(payments.getByText('Charged')).toBeInTheDocument();
    const exempt = payments.getByRole('switch', { name: /GST-exempt customer/ });
    expect(exempt).not.toBeChecked();
    await userEvent.click(exempt);
    await userEvent.click(payments.getByRole('button', { name: 'Save payment settings' }));

    expect(await payments.findByText('$7,500.50')).toBeInTheDocument();
    expect(payments.getByText('Exempt')).toBeInTheDocument();
    expect(api.requestsTo(route(updateCustomerSettings, { id: harbour.id, cid: CAFE_ID }))[0]?.body).toEqual({
      is_payments_enabled: true,
      payment_terms_days: 14,
      credit_limit_cents: 750_050,
      is_tax_exempt: true,
      is_overdue_reminders_enabled: true,
    });
  });

  it('switches overdue reminders off for the customer', async () => {
    const api = stubCafe({
      handlers: {
        [route(updateCustomerSettings, { id: harbour.id, cid: CAFE_ID })]: ({ body }) => json(200, body),
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);

    const payments = within(await screen.findByRole('region', { name: 'Payment settings' }));
    const reminders = await payments.findByRole('switch', { name: /Overdue reminders/ });
    expect(reminders).toBeChecked();
    await userEvent.click(reminders);
    await userEvent.click(payments.getByRole('button', { name: 'Save payment settings' }));

    await waitFor(() =>
      expect(
        api.requestsTo(route(updateCustomerSettings, { id: harbour.id, cid: CAFE_ID }))[0]?.body,
      ).toMatchObject({
        is_overdue_reminders_enabled: false,
      }),
    );
    const summary = payments.getByText('Overdue reminders', { selector: 'dt' });
    await waitFor(() => expect(summary.nextElementSibling).toHaveTextContent('Off'));
  });

  it('invites a person to the customer', async () => {
    const api = stubCafe({
      handlers: {
        [route(inviteCustomerUser, { id: harbour.id, cid: CAFE_ID })]: () =>
          json(201, {
            ...people[1],
            email: 'kim@cafearoma.com.au',
            invitation_id: '00000000-0000-4000-8000-0000000000e3',
          }),
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);

    const section = within(await screen.findByRole('region', { name: 'People' }));
    await section.findByRole('table', { name: 'People' });
    await fill(section.getByLabelText(/^Invite by email/), 'not-an-email');
    await userEvent.click(section.getByRole('button', { name: 'Send invitation' }));
    expect(await section.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.requestsTo(route(inviteCustomerUser, { id: harbour.id, cid: CAFE_ID }))).toHaveLength(0);

    await fill(section.getByLabelText(/^Invite by email/), ' Kim@CafeAroma.com.au ');
    await userEvent.click(section.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to kim@cafearoma.com.au')).toBeInTheDocument();
    expect(api.requestsTo(route(inviteCustomerUser, { id: harbour.id, cid: CAFE_ID }))[0]?.body).toEqual({
      email: 'kim@cafearoma.com.au',
      user_level: 'User',
    });
    // The list is asked again, so the new invitation shows.
    await waitFor(() =>
      expect(api.requestsTo(route(listCustomerUsers, { id: harbour.id, cid: CAFE_ID }))).toHaveLength(2),
    );
  });

  it('says plainly when the customer does not exist, with a way back', async () => {
    stubApi({});
    renderCustomers(`/customers/${CAFE_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to customers' })).toHaveAttribute('href', '/customers');
    // Said on the page, not as a toast too.
    expect(screen.queryByText(/NOT FOUND/)).toBeNull();
  });

  it('does not ask the server about an address that cannot be a customer', async () => {
    const api = stubApi({});
    renderCustomers('/customers/not-a-customer');

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer not found' })).toBeInTheDocument();
    const urls = api.fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toEqual(['/api/v1/users/current']);
  });
});
