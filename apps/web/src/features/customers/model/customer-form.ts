import {
  AU_STATES,
  createCustomer,
  type Customer,
  CustomerInput,
  CustomerPaymentSettings,
  type EndpointInput,
  type updateCustomer,
} from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { fieldErrorsFrom, type FieldErrors, type Issue } from './field-errors.ts';
import { centsToDollarsText, parseDollarsToCents } from './money-input.ts';

export type AuState = (typeof AU_STATES)[number];

/** What the details inputs hold: text as typed, checked and normalised by the contract on submit. */
export type CustomerDetailsValues = {
  title: string;
  abn: string;
  contact_email: string;
  phone: string;
  address_line1: string;
  address_line2: string;
  suburb: string;
  state: string;
  postcode: string;
};

export type PaymentSettingsValues = {
  is_payments_enabled: boolean;
  /** NumberInput gives '' while empty. */
  payment_terms_days: number | string;
  /** Dollars, as typed. */
  credit_limit: string;
};

export type CreateCustomerValues = CustomerDetailsValues & PaymentSettingsValues & { invite_email: string };

export type CustomerField = keyof CreateCustomerValues;
export type CustomerFieldErrors = FieldErrors<CustomerField>;

export const CUSTOMER_FIELDS: readonly CustomerField[] = [
  'title',
  'abn',
  'contact_email',
  'phone',
  'address_line1',
  'address_line2',
  'suburb',
  'state',
  'postcode',
  'invite_email',
  'is_payments_enabled',
  'payment_terms_days',
  'credit_limit',
];

export type CreateCustomerBody = NonNullable<EndpointInput<typeof createCustomer>['body']>;
export type CustomerDetailsBody = Omit<
  NonNullable<EndpointInput<typeof updateCustomer>['body']>,
  'archived' | 'version'
>;

export const EMPTY_DETAILS: CustomerDetailsValues = {
  title: '',
  abn: '',
  contact_email: '',
  phone: '',
  address_line1: '',
  address_line2: '',
  suburb: '',
  state: '',
  postcode: '',
};

// The server's defaults for a new account, shown so that what is saved is what was on screen.
export const DEFAULT_PAYMENT_SETTINGS: CustomerPaymentSettings = {
  is_payments_enabled: false,
  payment_terms_days: 14,
  credit_limit_cents: null,
};

export function detailsValuesOf(customer: Customer): CustomerDetailsValues {
  return {
    title: customer.title,
    abn: customer.abn ?? '',
    contact_email: customer.contact_email ?? '',
    phone: customer.phone ?? '',
    address_line1: customer.address_line1 ?? '',
    address_line2: customer.address_line2 ?? '',
    suburb: customer.suburb ?? '',
    state: customer.state ?? '',
    postcode: customer.postcode ?? '',
  };
}

export function paymentValuesOf(settings: CustomerPaymentSettings): PaymentSettingsValues {
  return {
    is_payments_enabled: settings.is_payments_enabled,
    payment_terms_days: settings.payment_terms_days,
    credit_limit: centsToDollarsText(settings.credit_limit_cents),
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

function auStateOf(value: string): AuState | null {
  return AU_STATES.find((state) => state === value) ?? null;
}

/** The contract's input shape; optional texts left empty are sent as null. */
export function detailsInputOf(values: CustomerDetailsValues): CustomerDetailsBody {
  return {
    title: values.title,
    abn: blankToNull(values.abn),
    contact_email: blankToNull(values.contact_email),
    phone: values.phone,
    address_line1: values.address_line1,
    address_line2: values.address_line2,
    suburb: values.suburb,
    state: auStateOf(values.state),
    postcode: blankToNull(values.postcode),
  };
}

function messageFor(field: CustomerField, issue: Issue): string {
  if (field === 'payment_terms_days') return 'Enter a whole number of days from 0 to 365';
  if (field === 'credit_limit' && issue.code === 'too_big') {
    return `Enter at most ${formatMoney(Number(issue.maximum))}`;
  }
  return issue.message;
}

/** Client-side checks and the server's `details` land on the same fields. */
export function customerFieldErrors(issues: readonly Issue[]) {
  return fieldErrorsFrom(issues, {
    fields: CUSTOMER_FIELDS,
    aliases: { credit_limit_cents: 'credit_limit' },
    messageFor,
  });
}

type Validation<T> = { ok: true; value: T } | { ok: false; errors: CustomerFieldErrors };

type SafeParse = { success: true } | { success: false; error: { issues: readonly Issue[] } };

/**
 * The input itself once the contract accepts it: the API client parses it again on the way out,
 * which trims, lower-cases emails and strips ABN spaces.
 */
function validated<T>(input: T, parsed: SafeParse, earlier: CustomerFieldErrors): Validation<T> {
  const errors = { ...(parsed.success ? {} : customerFieldErrors(parsed.error.issues).errors), ...earlier };
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, value: input };
  return { ok: false, errors };
}

/** Dollars and days as typed → the contract's payment settings, or what is wrong with them. */
function paymentInputOf(values: PaymentSettingsValues): {
  input: CustomerPaymentSettings;
  errors: CustomerFieldErrors;
} {
  const errors: CustomerFieldErrors = {};
  const creditLimit = parseDollarsToCents(values.credit_limit);
  if (!creditLimit.ok) errors.credit_limit = creditLimit.message;
  if (values.payment_terms_days === '')
    errors.payment_terms_days = 'Enter the number of days (0 for on receipt)';
  return {
    input: {
      is_payments_enabled: values.is_payments_enabled,
      payment_terms_days: Number(values.payment_terms_days),
      credit_limit_cents: creditLimit.ok ? creditLimit.cents : null,
    },
    errors,
  };
}

export function validateCustomerDetails(values: CustomerDetailsValues): Validation<CustomerDetailsBody> {
  const input = detailsInputOf(values);
  return validated(input, CustomerInput.safeParse(input), {});
}

export function validatePaymentSettings(values: PaymentSettingsValues): Validation<CustomerPaymentSettings> {
  const { input, errors } = paymentInputOf(values);
  return validated(input, CustomerPaymentSettings.safeParse(input), errors);
}

export function validateCreateCustomer(values: CreateCustomerValues): Validation<CreateCustomerBody> {
  const { input, errors } = paymentInputOf(values);
  const body: CreateCustomerBody = {
    ...detailsInputOf(values),
    invite_email: blankToNull(values.invite_email),
    payment_settings: input,
  };
  return validated(body, createCustomer.body!.safeParse(body), errors);
}
