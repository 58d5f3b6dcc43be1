import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addTierCustomer,
  type CurrentUser,
  createCustomer,
  getCurrentUser,
  getCustomer,
  getCustomerSettings,
  listCustomers,
  listCustomerUsers,
  listPricingTiers,
  updateCustomerSettings,
} from '@tradeport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ONLY_REASON } from '#lib/access.ts';
import { type FakeHandler, route } from '#testing/fake-api.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import {
  CAFE_ID,
  customerFixture,
  json,
  listFixture,
  renderCustomers,
  stubApi,
} from '../testing/customers-api-stub.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Issue 9, defects 2 and 7: a merchant User's saves must not fail silently, and numbers are never
// changed without saying so.

/** The same person, a User of Harbour Wholesale: may read and add customers, not set payment terms. */
const asUser: CurrentUser = {
  ...merchantUser,
  organisations: merchantUser.organisations.map((organisation) =>
    organisation.id === harbour.id ? { ...organisation, user_level: 'User' as const } : organisation,
  ),
};

const FORBIDDEN = { error_code: 'FORBIDDEN', message: 'You need to be an Admin to do this.' };
const WHOLESALE = listFixture('00000000-0000-4000-8000-0000000000f1', 'Wholesale');

/** Who the server says the person is: `level()` is read on every GET users/current. */
function stubCafe(options: { user?: () => CurrentUser; handlers?: Record<string, FakeHandler> }) {
  const user = options.user ?? (() => merchantUser);
  const cafe = customerFixture();
  return stubApi({
    [route(getCurrentUser)]: () => json(200, user()),
    [route(getCustomer, { id: harbour.id, cid: CAFE_ID })]: () => json(200, cafe),
    [route(getCustomerSettings, { id: harbour.id, cid: CAFE_ID })]: () => json(200, cafe.payment_settings),
    [route(listCustomerUsers, { id: harbour.id, cid: CAFE_ID })]: () => json(200, []),
    [route(listCustomers, { id: harbour.id })]: () => json(200, { items: [], next_cursor: null }),
    ...options.handlers,
  });
}

async function paste(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

const paymentsSection = async () => within(await screen.findByRole('region', { name: 'Payment settings' }));

describe('Customer payment settings and a person’s level', { timeout: 20_000 }, () => {
  it('shows a User the settings without inputs, and says why', async () => {
    stubCafe({ user: () => asUser });
    renderCustomers(`/customers/${CAFE_ID}`);

    const payments = await paymentsSection();
    expect(await payments.findByText('$5,000.00')).toBeInTheDocument();
    expect(payments.getByText(ADMIN_ONLY_REASON)).toBeInTheDocument();
    expect(payments.queryByLabelText(/^Payment terms/)).toBeNull();
    expect(payments.queryByRole('button', { name: 'Save payment settings' })).toBeNull();
  });

  it('says inline when a save is refused because the person is no longer an Admin, and drops the unsaved value', async () => {
    let user = merchantUser;
    const api = stubCafe({
      user: () => user,
      handlers: {
        [route(updateCustomerSettings, { id: harbour.id, cid: CAFE_ID })]: () => {
          // An Admin made this person a User a moment ago.
          user = asUser;
          return json(403, FORBIDDEN);
        },
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);

    const payments = await paymentsSection();
    await paste(await payments.findByLabelText(/^Payment terms/), '30');
    await userEvent.click(payments.getByRole('button', { name: 'Save payment settings' }));

    const alert = await payments.findByRole('alert');
    expect(alert).toHaveTextContent('Your payment settings were not saved');
    expect(alert).toHaveTextContent(ADMIN_ONLY_REASON);
    // The level is read again, so the inputs the person can no longer use go.
    await waitFor(() => expect(payments.queryByLabelText(/^Payment terms/)).toBeNull());
    // Read once more, not twice: the form hook reloads the level on a FORBIDDEN, the screen does not again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.requestsTo(route(getCurrentUser))).toHaveLength(2);
    // What is shown is what was saved, not the refused 30 days.
    expect(payments.getByText('14 days')).toBeInTheDocument();
    expect(payments.queryByText('30 days')).toBeNull();
  });

  it('refuses payment terms of 400 or 7.5 days as field errors, sending nothing', async () => {
    const api = stubCafe({
      handlers: {
        [route(updateCustomerSettings, { id: harbour.id, cid: CAFE_ID })]: ({ body }) => json(200, body),
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);
    const payments = await paymentsSection();
    const terms = await payments.findByLabelText(/^Payment terms/);
    const message = 'Payment terms must be a whole number of days from 0 to 365';

    await userEvent.clear(terms);
    await userEvent.type(terms, '400');
    await userEvent.click(payments.getByRole('button', { name: 'Save payment settings' }));
    expect(await payments.findByText(message)).toBeInTheDocument();
    // Left as typed: not clamped to 365.
    expect(terms).toHaveValue('400');

    await userEvent.clear(terms);
    await userEvent.type(terms, '7.5');
    expect(terms).toHaveValue('7.5');
    await userEvent.click(payments.getByRole('button', { name: 'Save payment settings' }));
    expect(await payments.findByText(message)).toBeInTheDocument();
    expect(terms).toHaveAttribute('aria-invalid', 'true');

    expect(api.requestsTo(route(updateCustomerSettings, { id: harbour.id, cid: CAFE_ID }))).toHaveLength(0);
  });

  it('says the credit limit’s own problem in the credit limit’s words', async () => {
    stubCafe({});
    renderCustomers(`/customers/${CAFE_ID}`);
    const payments = await paymentsSection();

    await paste(await payments.findByLabelText(/^Credit limit/), '12.345');
    await userEvent.click(payments.getByRole('button', { name: 'Save payment settings' }));

    expect(
      await payments.findByText('Enter the credit limit in dollars, like 5000 or 2500.50'),
    ).toBeInTheDocument();
  });

  it('says inline when a tier change is refused, and reads the level again', async () => {
    let user = merchantUser;
    const api = stubCafe({
      user: () => user,
      handlers: {
        [route(listPricingTiers, { id: harbour.id })]: () =>
          json(200, { items: [WHOLESALE], next_cursor: null }),
        [route(addTierCustomer, { id: harbour.id, gid: WHOLESALE.id, cid: CAFE_ID })]: () => {
          user = asUser;
          return json(403, FORBIDDEN);
        },
      },
    });
    renderCustomers(`/customers/${CAFE_ID}`);
    const panel = within(await screen.findByRole('region', { name: 'Pricing and visibility' }));
    const select = panel.getByLabelText(/^Pricing tier/);
    await waitFor(() => expect(select).toBeEnabled());

    await userEvent.selectOptions(select, 'Wholesale');

    const alert = await panel.findByRole('alert');
    expect(alert).toHaveTextContent('The pricing tier was not changed');
    expect(alert).toHaveTextContent(ADMIN_ONLY_REASON);
    await waitFor(() => expect(panel.queryByLabelText(/^Pricing tier/)).toBeNull());
    expect(panel.getByText('Base prices — no tier')).toBeInTheDocument();
    expect(api.requestsTo(route(getCurrentUser)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('Adding a customer and a person’s level', { timeout: 20_000 }, () => {
  async function openForm() {
    renderCustomers('/customers');
    await screen.findByText('No customers yet');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add customer' })[0]!);
    return within(await screen.findByRole('dialog', { name: 'Add customer' }));
  }

  it('lets a User add a customer with the default payment settings, saying why they cannot set them', async () => {
    const created = customerFixture({ title: 'Bistro Nord' });
    const api = stubCafe({
      user: () => asUser,
      handlers: { [route(createCustomer, { id: harbour.id })]: () => json(201, created) },
    });
    const form = await openForm();

    expect(form.queryByLabelText(/^Payment terms/)).toBeNull();
    expect(form.queryByLabelText(/^Credit limit/)).toBeNull();
    expect(form.getByText(ADMIN_ONLY_REASON)).toBeInTheDocument();
    expect(form.getByText(/14 days/)).toBeInTheDocument();

    await userEvent.click(form.getByLabelText(/^Business name/));
    await userEvent.paste('Bistro Nord');
    await userEvent.click(form.getByRole('button', { name: 'Add customer' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bistro Nord' })).toBeInTheDocument();
    const [post] = api.requestsTo(route(createCustomer, { id: harbour.id }));
    expect(post?.body).not.toHaveProperty('payment_settings');
  });

  it('says inline when adding is refused, keeping the dialog open', async () => {
    let user = merchantUser;
    const api = stubCafe({
      user: () => user,
      handlers: {
        [route(createCustomer, { id: harbour.id })]: () => {
          user = asUser;
          return json(403, FORBIDDEN);
        },
      },
    });
    const form = await openForm();

    await userEvent.click(form.getByLabelText(/^Business name/));
    await userEvent.paste('Bistro Nord');
    await paste(form.getByLabelText(/^Payment terms/), '30');
    await userEvent.click(form.getByRole('button', { name: 'Add customer' }));

    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('The customer was not added');
    expect(alert).toHaveTextContent(/default payment settings/);
    // Now a User: the payment settings they typed are gone, and the defaults would be sent.
    await waitFor(() => expect(form.queryByLabelText(/^Payment terms/)).toBeNull());
    expect(form.getByLabelText(/^Business name/)).toHaveValue('Bistro Nord');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.requestsTo(route(getCurrentUser))).toHaveLength(2);
  });
});
