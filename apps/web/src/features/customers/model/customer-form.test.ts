import { describe, expect, it } from 'vitest';
import {
  type CreateCustomerValues,
  customerFieldErrors,
  DEFAULT_PAYMENT_SETTINGS,
  EMPTY_DETAILS,
  paymentValuesOf,
  validateCreateCustomer,
  validatePaymentSettings,
} from './customer-form.ts';

const values = (overrides: Partial<CreateCustomerValues> = {}): CreateCustomerValues => ({
  ...EMPTY_DETAILS,
  ...paymentValuesOf(DEFAULT_PAYMENT_SETTINGS),
  invite_email: '',
  title: 'Café Aroma',
  ...overrides,
});

describe('validateCreateCustomer', () => {
  it('sends optional fields left empty as null, and the server’s default payment settings', () => {
    expect(validateCreateCustomer(values())).toEqual({
      ok: true,
      value: {
        title: 'Café Aroma',
        abn: null,
        contact_email: null,
        phone: '',
        address_line1: '',
        address_line2: '',
        suburb: '',
        state: null,
        postcode: null,
        invite_email: null,
        payment_settings: { is_payments_enabled: false, payment_terms_days: 14, credit_limit_cents: null },
      },
    });
  });

  it('asks for a name and a usable invite address', () => {
    const result = validateCreateCustomer(values({ title: '  ', invite_email: 'sam@' }));
    expect(result).toEqual({
      ok: false,
      errors: { title: 'Enter a name', invite_email: 'Enter a valid email address' },
    });
  });

  it('words limits on terms and credit in the person’s terms', () => {
    const result = validatePaymentSettings({
      is_payments_enabled: true,
      payment_terms_days: 400,
      credit_limit: '100000000.01',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        payment_terms_days: 'Enter a whole number of days from 0 to 365',
        credit_limit: 'Enter at most $100,000,000.00',
      },
    });
  });

  it('needs a number of days', () => {
    const result = validatePaymentSettings({
      is_payments_enabled: true,
      payment_terms_days: '',
      credit_limit: '',
    });
    expect(result).toEqual({
      ok: false,
      errors: { payment_terms_days: 'Enter the number of days (0 for on receipt)' },
    });
  });
});

describe('customerFieldErrors', () => {
  it('maps server paths onto fields and keeps the rest for the form', () => {
    expect(
      customerFieldErrors([
        { path: 'body.abn', message: 'ABN already used' },
        { path: 'body.payment_settings.credit_limit_cents', message: 'Too high' },
        { path: 'body.abn', message: 'second message for the same field' },
        { path: 'body', message: 'Something about the whole request' },
      ]),
    ).toEqual({
      errors: { abn: 'ABN already used', credit_limit: 'Too high' },
      unmatched: ['Something about the whole request'],
    });
  });
});
