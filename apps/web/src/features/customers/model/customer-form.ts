import {
  AU_STATES,
  createCustomer,
  CustomerInput,
  CustomerPaymentSettings,
  type EndpointInput,
  type updateCustomer,
} from '@tradeport/contract';
import { ApiError } from '#lib/api-error.ts';
import {
  BUSINESS_DETAILS_FIELDS,
  type BusinessDetailsValues,
  EMPTY_BUSINESS_DETAILS,
} from '#lib/business-details-form.ts';
import { formatMoney } from '#lib/format.ts';
import {
  type FieldErrors,
  type FormFailure,
  type Issue,
  lastPathSegment,
  matchFieldErrors,
} from '#lib/form-errors.ts';
import { centsToDollarsText, parseDollarsToCents } from '#lib/money-input.ts';

export type AuState = (typeof AU_STATES)[number];

/** What the details inputs hold: text as typed, checked and normalised by the contract on submit. */
export type CustomerDetailsValues = BusinessDetailsValues;

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
  ...BUSINESS_DETAILS_FIELDS,
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

export const EMPTY_DETAILS: CustomerDetailsValues = EMPTY_BUSINESS_DETAILS;

// The server's defaults for a new account, shown so that what is saved is what was on screen.
export const DEFAULT_PAYMENT_SETTINGS: CustomerPaymentSettings = {
  is_payments_enabled: false,
  payment_terms_days: 14,
  credit_limit_cents: null,
};

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

/**
 * Client-side checks and the server's `details` land on the same fields, matched on the last path
 * segment (wire names are unique within a form, and payment settings are nested).
 */
export function customerFieldErrors(issues: readonly Issue[]) {
  return matchFieldErrors(issues, {
    fields: CUSTOMER_FIELDS,
    nameOf: lastPathSegment,
    aliases: { credit_limit_cents: 'credit_limit' },
    messageFor,
  });
}

/**
 * How a refused save shows on a customer form, or null for refusals the API client has already
 * shown as a toast. What fits no field goes above the form.
 */
export function customerFormFailure(error: unknown): FormFailure<CustomerField> | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return null;
  const mapped = customerFieldErrors(error.details);
  const isUnplaced = mapped.unmatched.length > 0 || Object.keys(mapped.errors).length === 0;
  return { fieldErrors: mapped.errors, formError: isUnplaced ? error.message : null };
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
