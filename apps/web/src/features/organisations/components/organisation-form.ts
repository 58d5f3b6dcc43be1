import { formatBsb, type Organisation } from '@tradeport/contract';
import type { UseFormReturnType } from '@mantine/form';
import { blanksAsNull, formText } from '#lib/forms/form-text.ts';
import { CreateOrganisationBody } from '../api/organisation-api.ts';

/** An organisation's business details and the slug its customers sign in with: the contract's fields. */
const ORGANISATION_FIELDS = Object.keys(
  CreateOrganisationBody.shape,
) as (keyof typeof CreateOrganisationBody.shape)[];
export type OrganisationFormValues = Record<(typeof ORGANISATION_FIELDS)[number], string>;
export type OrganisationForm = UseFormReturnType<OrganisationFormValues>;

/** What the inputs start with: the organisation's details as text, or nothing for a new one. */
export function organisationFormValues(organisation?: Organisation): OrganisationFormValues {
  return formText(ORGANISATION_FIELDS, organisation);
}

/** A merchant's bank account for payments by transfer: on the details page, not at sign-up. */
export const BANK_ACCOUNT_FIELDS = ['bank_account_name', 'bank_bsb', 'bank_account_number'] as const;
export type BankAccountField = (typeof BANK_ACCOUNT_FIELDS)[number];

/** The bank account as text, the BSB written as 062-000; the contract reads blanks as none. */
export function bankAccountFormValues(organisation: Organisation): Record<BankAccountField, string> {
  const values = formText(BANK_ACCOUNT_FIELDS, organisation);
  return { ...values, bank_bsb: formatBsb(values.bank_bsb) };
}

/** The form's text as the contract's input: optional fields left blank are sent as null. */
export function toOrganisationInput(values: Record<string, unknown>) {
  return blanksAsNull(CreateOrganisationBody, values);
}

const SLUG_MAX = 60;

/** "Harbour Wholesale Pty Ltd" → "harbour-wholesale-pty-ltd": the contract's slug shape, from a title. */
export function suggestSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}
