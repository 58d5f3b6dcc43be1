import {
  AU_STATES,
  CREDIT_LIMIT_MESSAGE,
  type Customer,
  CustomerInput,
  CustomerPaymentSettings,
  MAX_CREDIT_LIMIT_CENTS,
  TERMS_DAYS_MESSAGE,
  type EndpointInput,
  type createCustomer,
  type updateCustomer,
} from '@tradeport/contract';
import { blanksAsNull, formText } from '#lib/forms/form-text.ts';
import { centsToDollarsText, parseDollarsToCents } from '#lib/money-input.ts';

export type CreateCustomerBody = NonNullable<EndpointInput<typeof createCustomer>['body']>;
export type CustomerDetailsBody = Omit<
  NonNullable<EndpointInput<typeof updateCustomer>['body']>,
  'archived' | 'version'
>;

// The contract's business details, in the order the inputs show them.
const DETAILS_FIELDS = Object.keys(CustomerInput.shape) as (keyof typeof CustomerInput.shape)[];

/** What the details inputs hold: text as typed, checked and normalised by the contract on submit. */
export type CustomerDetailsValues = Record<(typeof DETAILS_FIELDS)[number], string>;

export type PaymentSettingsValues = {
  is_payments_enabled: boolean;
  /** NumberInput gives '' while empty. */
  payment_terms_days: number | string;
  /** Dollars, as typed. */
  credit_limit: string;
  is_tax_exempt: boolean;
  /** The saved customer's form only: a new customer starts with reminders on (the server's default). */
  is_overdue_reminders_enabled?: boolean;
};

export type CreateCustomerValues = CustomerDetailsValues & PaymentSettingsValues & { invite_email: string };

/** The server names the credit limit in cents; the form holds dollars. */
export const CUSTOMER_FIELD_ALIASES = { credit_limit_cents: 'credit_limit' } as const;

// The server's defaults for a new account, shown so that what is saved is what was on screen.
export const DEFAULT_PAYMENT_SETTINGS: CustomerPaymentSettings = {
  is_payments_enabled: false,
  payment_terms_days: 14,
  credit_limit_cents: null,
  is_tax_exempt: false,
  is_overdue_reminders_enabled: true,
};

export function detailsValuesOf(customer?: Customer): CustomerDetailsValues {
  return formText(DETAILS_FIELDS, customer);
}

/** The details as the contract's input: optional texts left empty are sent as null. */
export function detailsInputOf(values: CustomerDetailsValues) {
  return blanksAsNull(CustomerInput, values);
}

/** A saved customer's details as they go back to the server unchanged (archive and restore). */
export function detailsBodyOf(customer: Customer): CustomerDetailsBody {
  const { title, abn, contact_email, phone, address_line1, address_line2, suburb, postcode } = customer;
  const state = AU_STATES.find((candidate) => candidate === customer.state) ?? null;
  return { title, abn, contact_email, phone, address_line1, address_line2, suburb, state, postcode };
}

export function paymentValuesOf(settings: CustomerPaymentSettings): PaymentSettingsValues {
  return {
    is_payments_enabled: settings.is_payments_enabled,
    payment_terms_days: settings.payment_terms_days,
    credit_limit: centsToDollarsText(settings.credit_limit_cents),
    is_tax_exempt: settings.is_tax_exempt,
  };
}

/** The credit limit as its input names it, for its own error messages. */
export const CREDIT_LIMIT_FIELD = { name: 'credit limit', example: '5000 or 2500.50' } as const;

/** Dollars and days as typed → the contract's payment settings (what cannot be read is checked by paymentErrors). */
export function paymentInputOf(values: PaymentSettingsValues) {
  const creditLimit = parseDollarsToCents(values.credit_limit, CREDIT_LIMIT_FIELD);
  return {
    is_payments_enabled: values.is_payments_enabled,
    payment_terms_days: Number(values.payment_terms_days),
    credit_limit_cents: creditLimit.ok ? creditLimit.cents : null,
    is_tax_exempt: values.is_tax_exempt,
    ...(values.is_overdue_reminders_enabled === undefined
      ? {}
      : { is_overdue_reminders_enabled: values.is_overdue_reminders_enabled }),
  };
}

/** A saved customer's settings as its form holds them, overdue reminders included. */
export function savedPaymentValuesOf(settings: CustomerPaymentSettings): PaymentSettingsValues {
  return {
    ...paymentValuesOf(settings),
    is_overdue_reminders_enabled: settings.is_overdue_reminders_enabled,
  };
}

const TermsDays = CustomerPaymentSettings.shape.payment_terms_days;

/**
 * The contract's limits on terms and credit, worded in the person's terms (days and dollars,
 * not the wire's numbers and cents); these win over the schema's own messages.
 */
export function paymentErrors(values: PaymentSettingsValues): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  if (values.payment_terms_days === '') {
    errors.payment_terms_days = 'Enter the number of days (0 for on receipt)';
  } else if (!TermsDays.safeParse(Number(values.payment_terms_days)).success) {
    // Said, never clamped or rounded: 400 is not 365 and 7.5 is not 75 (issue 9, defect 7).
    errors.payment_terms_days = TERMS_DAYS_MESSAGE;
  }
  const creditLimit = parseDollarsToCents(values.credit_limit, CREDIT_LIMIT_FIELD);
  if (!creditLimit.ok) errors.credit_limit = creditLimit.message;
  else if ((creditLimit.cents ?? 0) > MAX_CREDIT_LIMIT_CENTS) {
    errors.credit_limit = CREDIT_LIMIT_MESSAGE;
  }
  return errors;
}

/**
 * The new customer as sent. Payment settings are an Admin's to set (the server answers 403
 * otherwise); without them the customer gets the defaults, so a User can still add one.
 */
export function createInputOf(values: CreateCustomerValues, options: { withPaymentSettings: boolean }) {
  return {
    ...detailsInputOf(values),
    invite_email: values.invite_email.trim() === '' ? null : values.invite_email,
    ...(options.withPaymentSettings ? { payment_settings: paymentInputOf(values) } : {}),
  };
}
