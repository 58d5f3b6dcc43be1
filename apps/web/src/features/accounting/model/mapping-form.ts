import {
  type AccountingBooks,
  type AccountingMapping,
  type AccountingPushTrigger,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@tradeport/contract';

// The mapping form's values, choices and body: pure, so the rules about what each picker offers
// sit in one place. The server's rule (apps/server accounting-mapping.ts) is the one that counts:
// sales, freight and surcharges go to income accounts, payments to accounts that receive them,
// GST to a rate that charges tax and GST-free to one that charges none.

/**
 * Methods whose money is received into an account. Applying account credit moves no money (it
 * settles an invoice from a credit note), so it has no account to pick.
 */
type MappedMethod = Exclude<PaymentMethod, 'ACCOUNT_CREDIT'>;
const isMapped = (method: PaymentMethod): method is MappedMethod => method !== 'ACCOUNT_CREDIT';
export const MAPPED_PAYMENT_METHODS = PAYMENT_METHODS.filter(isMapped);

type PaymentField = `payment_${MappedMethod}`;
export const paymentField = (method: MappedMethod): PaymentField => `payment_${method}`;
export const paymentLabel = (method: PaymentMethod) => PAYMENT_METHOD_LABELS[method];

/** A picker's value for "none": account codes are never empty, so it cannot be one. */
export const NONE = '';

/** The form's values: a picker each. Null: not chosen yet; NONE: chosen to be left out. */
export type MappingValues = {
  sales_account_code: string | null;
  freight_account_code: string;
  surcharge_account_code: string;
  gst_tax_id: string | null;
  gst_free_tax_id: string | null;
  push_on: AccountingPushTrigger;
} & Record<PaymentField, string>;

export function mappingValues(mapping: AccountingMapping): MappingValues {
  const payments = Object.fromEntries(
    MAPPED_PAYMENT_METHODS.map((method) => [
      paymentField(method),
      mapping.payment_account_codes[method] ?? NONE,
    ]),
  ) as Record<PaymentField, string>;
  return {
    sales_account_code: mapping.sales_account_code,
    freight_account_code: mapping.freight_account_code ?? NONE,
    surcharge_account_code: mapping.surcharge_account_code ?? NONE,
    gst_tax_id: mapping.gst_tax_id,
    gst_free_tax_id: mapping.gst_free_tax_id,
    push_on: mapping.push_on,
    ...payments,
  };
}

const chosen = (value: string | null) => (value === null || value === NONE ? null : value);

/**
 * The save's body. Codes saved for methods the form does not show (an API client may have set
 * one) are sent back as they are, so saving here never drops them unseen.
 */
export function toMappingInput(values: MappingValues, saved: AccountingMapping, version: number) {
  const payment_account_codes: Partial<Record<PaymentMethod, string>> = {};
  for (const method of PAYMENT_METHODS) {
    const code = isMapped(method)
      ? chosen(values[paymentField(method)])
      : saved.payment_account_codes[method];
    if (code) payment_account_codes[method] = code;
  }
  return {
    sales_account_code: chosen(values.sales_account_code),
    freight_account_code: chosen(values.freight_account_code),
    surcharge_account_code: chosen(values.surcharge_account_code),
    payment_account_codes,
    gst_tax_id: chosen(values.gst_tax_id),
    gst_free_tax_id: chosen(values.gst_free_tax_id),
    push_on: values.push_on,
    version,
  };
}

/** The server names a payment method's field by its path in the body; the form keeps them flat. */
export const MAPPING_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  MAPPED_PAYMENT_METHODS.map((method) => [`payment_account_codes.${method}`, paymentField(method)]),
);

export type Choice = { value: string; label: string };

/**
 * A saved choice the books no longer offer for this (archived in the books, or its type changed)
 * still shows, marked, rather than an empty picker that would send it anyway: saving it then
 * gets the server's reason on the field.
 */
function withSaved(choices: Choice[], saved: string | null, label: (value: string) => string): Choice[] {
  if (!chosen(saved) || choices.some((choice) => choice.value === saved)) return choices;
  return [...choices, { value: saved as string, label: `${label(saved as string)} (not available now)` }];
}

/** `showsCodes`: "code – name" (the default), else the name alone (see ProviderWords). */
export function accountChoices(options: {
  books: AccountingBooks;
  use: 'REVENUE' | 'PAYMENTS';
  saved: string | null;
  showsCodes?: boolean;
}): Choice[] {
  const { accounts } = options.books;
  const showsCodes = options.showsCodes ?? true;
  const labelOf = (code: string) => {
    const account = accounts.find((candidate) => candidate.code === code);
    if (!account) return code;
    return showsCodes ? `${account.code} – ${account.name}` : account.name;
  };
  const choices = accounts
    .filter((account) => account.use === options.use)
    .map((account) => ({ value: account.code, label: labelOf(account.code) }));
  return withSaved(choices, options.saved, labelOf);
}

const percent = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 4 });

/** Rates that charge tax (for GST) or none (for GST-free), each with its percentage. */
export function taxRateChoices(options: {
  books: AccountingBooks;
  isTaxed: boolean;
  saved: string | null;
}): Choice[] {
  const rates = options.books.tax_rates;
  const labelOf = (id: string) => {
    const rate = rates.find((candidate) => candidate.id === id);
    return rate ? `${rate.name} (${percent.format(rate.rate_percent)}%)` : id;
  };
  const choices = rates
    .filter((rate) => rate.rate_percent > 0 === options.isTaxed)
    .map((rate) => ({ value: rate.id, label: labelOf(rate.id) }));
  return withSaved(choices, options.saved, labelOf);
}

export const PUSH_TRIGGER_LABELS: Record<AccountingPushTrigger, string> = {
  ON_PLACING: 'When the order is placed',
  ON_COMPLETION: 'When the order is completed',
};
