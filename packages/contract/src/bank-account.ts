import { z } from 'zod';

// Where a merchant's customers pay by bank transfer (EFT), printed on its tax invoices. Stored as
// digits only: a BSB of six, an account number of six to ten.

export const BANK_ACCOUNT_NAME_MAX = 100;

const BSB_MESSAGE = 'Enter a 6-digit BSB, like 062-000';
const ACCOUNT_NUMBER_MESSAGE = 'Enter an account number of 6 to 10 digits';

/** "062-000", "062 000" or "062000" → "062000"; undefined when it is not a BSB. */
export function normaliseBsb(input: string): string | undefined {
  const match = /^(\d{3})[- ]?(\d{3})$/.exec(input.trim());
  return match ? `${match[1]}${match[2]}` : undefined;
}

/** "1234 5678" → "12345678"; undefined when it is not 6 to 10 digits. */
export function normaliseBankAccountNumber(input: string): string | undefined {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6,10}$/.test(digits) ? digits : undefined;
}

/** A stored BSB as Australians write it, `062-000`; anything else is left as it is. */
export function formatBsb(bsb: string): string {
  const digits = normaliseBsb(bsb);
  return digits ? `${digits.slice(0, 3)}-${digits.slice(3)}` : bsb;
}

/** Text that may be blank: trimmed, blank read as null (cleared), absent left absent. */
const blankAsNull = (params: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .trim()
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const BankAccountName = z
  .string()
  .max(BANK_ACCOUNT_NAME_MAX, `Use at most ${BANK_ACCOUNT_NAME_MAX} characters`);

export const Bsb = z.string().transform((value, context) => {
  const bsb = normaliseBsb(value);
  if (bsb === undefined) context.addIssue({ code: 'custom', message: BSB_MESSAGE, continue: true });
  return bsb ?? value;
});

export const BankAccountNumber = z.string().transform((value, context) => {
  const number = normaliseBankAccountNumber(value);
  if (number === undefined)
    context.addIssue({ code: 'custom', message: ACCOUNT_NUMBER_MESSAGE, continue: true });
  return number ?? value;
});

/**
 * The bank account fields of an update. Left out, they stay as they are; null or blank clears
 * them. The three go together: see `checkBankAccount`.
 */
export const bankAccountFields = {
  bank_account_name: blankAsNull({ error: 'Enter the account name as text' }).pipe(
    BankAccountName.nullable().optional(),
  ),
  bank_bsb: blankAsNull({ error: 'Enter the BSB as text' }).pipe(Bsb.nullable().optional()),
  bank_account_number: blankAsNull({ error: 'Enter the account number as text' }).pipe(
    BankAccountNumber.nullable().optional(),
  ),
};

type BankAccountValues = {
  bank_account_name?: string | null;
  bank_bsb?: string | null;
  bank_account_number?: string | null;
};

const MISSING: Record<keyof BankAccountValues, string> = {
  bank_account_name: 'Enter the account name too, or leave all three bank account fields empty',
  bank_bsb: 'Enter the BSB too, or leave all three bank account fields empty',
  bank_account_number: 'Enter the account number too, or leave all three bank account fields empty',
};

/**
 * A bank account is all three fields or none: an invoice with a BSB but no account number cannot
 * be paid. Each field left empty while another is filled in gets its own message.
 */
export function checkBankAccount(input: BankAccountValues, context: z.RefinementCtx) {
  const fields = Object.keys(MISSING) as (keyof BankAccountValues)[];
  const isGiven = (field: keyof BankAccountValues) => typeof input[field] === 'string';
  if (!fields.some(isGiven)) return;
  for (const field of fields) {
    if (!isGiven(field)) context.addIssue({ code: 'custom', path: [field], message: MISSING[field] });
  }
}
