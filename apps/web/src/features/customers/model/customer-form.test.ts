import { CREDIT_LIMIT_MESSAGE, createCustomer, TERMS_DAYS_MESSAGE } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import {
  type CreateCustomerValues,
  createInputOf,
  DEFAULT_PAYMENT_SETTINGS,
  detailsValuesOf,
  paymentErrors,
  paymentValuesOf,
} from './customer-form.ts';

const values = (overrides: Partial<CreateCustomerValues> = {}): CreateCustomerValues => ({
  ...detailsValuesOf(),
  ...paymentValuesOf(DEFAULT_PAYMENT_SETTINGS),
  invite_email: '',
  title: 'Café Aroma',
  ...overrides,
});

describe('createInputOf', () => {
  it('leaves the payment settings out for someone who may not set them, so the defaults apply', () => {
    expect(
      createInputOf(values({ payment_terms_days: 30 }), { withPaymentSettings: false }),
    ).not.toHaveProperty('payment_settings');
  });

  it('sends optional fields left empty as null, and the server’s default payment settings', () => {
    expect(createCustomer.body?.parse(createInputOf(values(), { withPaymentSettings: true }))).toEqual({
      title: 'Café Aroma',
      abn: null,
      contact_email: null,
      phone: null,
      address_line1: null,
      address_line2: null,
      suburb: null,
      state: null,
      postcode: null,
      invite_email: null,
      payment_settings: {
        is_payments_enabled: false,
        payment_terms_days: 14,
        credit_limit_cents: null,
        is_tax_exempt: false,
      },
    });
  });

  it('reads the credit limit in dollars as cents', () => {
    expect(
      createInputOf(values({ credit_limit: '2,500.50' }), { withPaymentSettings: true }).payment_settings
        ?.credit_limit_cents,
    ).toBe(250_050);
  });
});

describe('paymentErrors', () => {
  // One wording of each limit: the contract's, which the server answers with too.
  it('words limits on terms and credit as the contract does, in the person’s terms', () => {
    expect(
      paymentErrors({
        is_payments_enabled: true,
        payment_terms_days: 400,
        credit_limit: '100000000.01',
        is_tax_exempt: false,
      }),
    ).toEqual({
      payment_terms_days: TERMS_DAYS_MESSAGE,
      credit_limit: CREDIT_LIMIT_MESSAGE,
    });
    expect(CREDIT_LIMIT_MESSAGE).toBe(
      'The credit limit must be from $0.00 to $100,000,000.00, in whole cents',
    );
    expect(TERMS_DAYS_MESSAGE).toBe('Payment terms must be a whole number of days from 0 to 365');
  });

  it('needs a number of days and an amount it can read', () => {
    expect(
      paymentErrors({
        is_payments_enabled: true,
        payment_terms_days: '',
        credit_limit: '12.345',
        is_tax_exempt: false,
      }),
    ).toEqual({
      payment_terms_days: 'Enter the number of days (0 for on receipt)',
      credit_limit: 'Enter the credit limit in dollars, like 5000 or 2500.50',
    });
  });

  it('refuses part days and negative days instead of rounding them', () => {
    for (const days of [7.5, -1, 365.5]) {
      expect(
        paymentErrors({
          is_payments_enabled: false,
          payment_terms_days: days,
          credit_limit: '',
          is_tax_exempt: false,
        }).payment_terms_days,
      ).toBe('Payment terms must be a whole number of days from 0 to 365');
    }
  });

  it('has nothing to say about settings the contract accepts', () => {
    expect(paymentErrors(paymentValuesOf(DEFAULT_PAYMENT_SETTINGS))).toEqual({});
  });
});
