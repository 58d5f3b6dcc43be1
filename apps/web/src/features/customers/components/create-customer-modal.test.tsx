import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerFixture, json, renderCustomers, stubApi } from '../testing/customers-api-stub.tsx';
import {
  createCustomer,
  getCustomer,
  getCustomerSettings,
  listCustomerUsers,
  listCustomers,
} from '@tradeport/contract';
import { route } from '#testing/fake-api.ts';
import { harbour } from '#testing/fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const NEW_ID = '00000000-0000-4000-8000-0000000000c9';
const created = customerFixture({
  id: NEW_ID,
  title: 'Bistro Nord',
  payment_settings: {
    is_payments_enabled: true,
    payment_terms_days: 30,
    credit_limit_cents: 250_050,
    is_tax_exempt: false,
    is_overdue_reminders_enabled: true,
  },
  user_count: 0,
  version: 1,
});

function stubWith(createAnswer: () => Response) {
  let isCreated = false;
  return stubApi({
    [route(listCustomers, { id: harbour.id })]: () =>
      json(200, { items: isCreated ? [created] : [], next_cursor: null }),
    [route(createCustomer, { id: harbour.id })]: () => {
      const response = createAnswer();
      isCreated = response.ok;
      return response;
    },
    [route(getCustomer, { id: harbour.id, cid: NEW_ID })]: () => json(200, created),
    [route(getCustomerSettings, { id: harbour.id, cid: NEW_ID })]: () => json(200, created.payment_settings),
    [route(listCustomerUsers, { id: harbour.id, cid: NEW_ID })]: () => json(200, []),
  });
}

// Typing key by key re-renders the whole form each time; pasting is the same input, much faster.
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function openForm() {
  renderCustomers('/customers');
  await screen.findByText('No customers yet');
  await userEvent.click(screen.getAllByRole('button', { name: 'Add customer' })[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Add customer' });
  return within(dialog);
}

// A long form in jsdom: each test fills a dozen Mantine inputs.
describe('CreateCustomerModal', { timeout: 20_000 }, () => {
  it('checks ABN and postcode with the contract before sending anything', async () => {
    const api = stubWith(() => json(201, created));
    const form = await openForm();

    await fill(form.getByLabelText(/^Business name/), 'Bistro Nord');
    await fill(form.getByLabelText(/^ABN/), '12 345 678 901');
    await fill(form.getByLabelText(/^Postcode/), '20a0');
    await fill(form.getByLabelText(/^Credit limit/), '12.345');
    await userEvent.click(form.getByRole('button', { name: 'Add customer' }));

    expect(form.getByLabelText(/^ABN/)).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByText('Enter a valid 11-digit ABN')).toBeInTheDocument();
    expect(form.getByLabelText(/^Postcode/)).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByText('Enter a 4-digit postcode')).toBeInTheDocument();
    expect(form.getByText('Enter the credit limit in dollars, like 5000 or 2500.50')).toBeInTheDocument();
    expect(form.getByLabelText(/^Business name/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo(route(createCustomer, { id: harbour.id }))).toHaveLength(0);
  });

  it('puts the server’s field errors on their fields, without a toast', async () => {
    const api = stubWith(() =>
      json(400, {
        error_code: 'VALIDATION_ERROR',
        message: 'body.contact_email: Already used by another customer',
        details: [
          { path: 'body.contact_email', message: 'Already used by another customer' },
          {
            path: 'body.payment_settings.credit_limit_cents',
            message: 'Above your account’s credit ceiling',
          },
        ],
      }),
    );
    const form = await openForm();

    await fill(form.getByLabelText(/^Business name/), 'Bistro Nord');
    await fill(form.getByLabelText(/^Contact email/), 'orders@cafearoma.com.au');
    await fill(form.getByLabelText(/^Credit limit/), '900000');
    await userEvent.click(form.getByRole('button', { name: 'Add customer' }));

    expect(await form.findByText('Already used by another customer')).toBeInTheDocument();
    expect(form.getByLabelText(/^Contact email/)).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByText('Above your account’s credit ceiling')).toBeInTheDocument();
    expect(form.getByLabelText(/^Credit limit/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(/Already used by another customer/)).toHaveLength(1);
    expect(api.requestsTo(route(createCustomer, { id: harbour.id }))).toHaveLength(1);
  });

  it('sends the customer with the credit limit in cents, then opens it', async () => {
    const api = stubWith(() => json(201, created));
    const form = await openForm();

    await fill(form.getByLabelText(/^Business name/), '  Bistro Nord ');
    await fill(form.getByLabelText(/^ABN/), '51 824 753 556');
    await fill(form.getByLabelText(/^Contact email/), 'Chef@BistroNord.com.au');
    await fill(form.getByLabelText(/^Address line 1/), '3 Lygon St');
    await fill(form.getByLabelText(/^Suburb/), 'Carlton');
    await userEvent.selectOptions(form.getByLabelText(/^State/), 'VIC');
    await fill(form.getByLabelText(/^Postcode/), '3053');
    await fill(form.getByLabelText('Invite a person by email'), 'sam@bistronord.com.au');
    await userEvent.click(form.getByRole('switch', { name: /Payments enabled/ }));
    const terms = form.getByLabelText(/^Payment terms/);
    await userEvent.clear(terms);
    await userEvent.type(terms, '30');
    await fill(form.getByLabelText(/^Credit limit/), '2,500.50');
    await userEvent.click(form.getByRole('button', { name: 'Add customer' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bistro Nord' })).toBeInTheDocument();
    const [post] = api.requestsTo(route(createCustomer, { id: harbour.id }));
    expect(post?.body).toEqual({
      title: 'Bistro Nord',
      abn: '51824753556',
      contact_email: 'chef@bistronord.com.au',
      phone: null,
      address_line1: '3 Lygon St',
      address_line2: null,
      suburb: 'Carlton',
      state: 'VIC',
      postcode: '3053',
      invite_email: 'sam@bistronord.com.au',
      payment_settings: {
        is_payments_enabled: true,
        payment_terms_days: 30,
        credit_limit_cents: 250_050,
        is_tax_exempt: false,
      },
    });
    // Shown back in dollars, from the cents the server kept.
    expect(await screen.findByText('$2,500.50')).toBeInTheDocument();

    // The list was marked stale by the creation: going back shows the new customer.
    await userEvent.click(screen.getByRole('link', { name: '← Customers' }));
    expect(await screen.findByRole('link', { name: 'Bistro Nord' })).toBeInTheDocument();
    // (The ABN was looked up once before saving, to warn of another customer with it.)
    const lists = () =>
      api.requestsTo(route(listCustomers, { id: harbour.id })).filter((r) => !r.query.has('abn'));
    await waitFor(() => expect(lists()).toHaveLength(2));
  });

  // Issue 9, defect 10: a second customer with the same ABN is saved only after a warning.
  it('warns of another customer with the same ABN, and adds it once confirmed', async () => {
    let isCreated = false;
    const api = stubApi({
      [route(listCustomers, { id: harbour.id })]: ({ query }) =>
        json(200, {
          items:
            query.get('abn') === '51824753556'
              ? [customerFixture({ title: 'Café Aroma' })]
              : isCreated
                ? [created]
                : [],
          next_cursor: null,
        }),
      [route(createCustomer, { id: harbour.id })]: () => {
        isCreated = true;
        return json(201, created);
      },
      [route(getCustomer, { id: harbour.id, cid: NEW_ID })]: () => json(200, created),
      [route(getCustomerSettings, { id: harbour.id, cid: NEW_ID })]: () =>
        json(200, created.payment_settings),
      [route(listCustomerUsers, { id: harbour.id, cid: NEW_ID })]: () => json(200, []),
    });
    const form = await openForm();

    await fill(form.getByLabelText(/^Business name/), 'Café Aroma Bondi');
    await fill(form.getByLabelText(/^ABN/), '51 824 753 556');
    await userEvent.click(form.getByRole('button', { name: 'Add customer' }));

    const warning = await form.findByRole('alert');
    expect(warning).toHaveTextContent('Another customer, Café Aroma, has this ABN');
    expect(api.requestsTo(route(createCustomer, { id: harbour.id }))).toHaveLength(0);
    const lookups = api.requestsTo(route(listCustomers, { id: harbour.id }));
    expect(lookups.at(-1)?.query.get('abn')).toBe('51824753556');
    expect(lookups.at(-1)?.query.get('status')).toBe('all');

    // A branch of the same business: confirmed, it is added.
    await userEvent.click(form.getByRole('button', { name: 'Add anyway' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bistro Nord' })).toBeInTheDocument();
    expect(api.requestsTo(route(createCustomer, { id: harbour.id }))[0]?.body).toMatchObject({
      abn: '51824753556',
    });
  });
});
