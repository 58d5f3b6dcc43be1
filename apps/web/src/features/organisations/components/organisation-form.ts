import type { Organisation } from '@tradeport/contract';
import {
  BUSINESS_DETAILS_FIELDS,
  businessDetailsValuesOf,
  EMPTY_BUSINESS_DETAILS,
} from '#lib/business-details-form.ts';

/** An organisation's business details, and the slug its customers sign in with. */
export const ORGANISATION_FIELDS = [...BUSINESS_DETAILS_FIELDS, 'slug'] as const;
export type OrganisationField = (typeof ORGANISATION_FIELDS)[number];
export type OrganisationFormValues = Record<OrganisationField, string>;

export const EMPTY_ORGANISATION_FORM: OrganisationFormValues = { ...EMPTY_BUSINESS_DETAILS, slug: '' };

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

/** The form's text as the contract's input: optional fields left blank are sent as null. */
export function toOrganisationInput(values: OrganisationFormValues) {
  return {
    title: values.title,
    slug: values.slug,
    abn: blankToNull(values.abn),
    address_line1: blankToNull(values.address_line1),
    address_line2: blankToNull(values.address_line2),
    suburb: blankToNull(values.suburb),
    state: blankToNull(values.state),
    postcode: blankToNull(values.postcode),
    phone: blankToNull(values.phone),
    contact_email: blankToNull(values.contact_email),
  };
}

export function organisationFormValues(organisation: Organisation): OrganisationFormValues {
  return { ...businessDetailsValuesOf(organisation), slug: organisation.slug };
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
