import type { OrganisationDetails } from '@tradeport/contract';
import type { z } from 'zod';

/**
 * The business details merchants and customers both have (the contract's OrganisationDetails), as
 * the text their inputs hold: missing values are empty strings.
 */
export const BUSINESS_DETAILS_FIELDS = [
  'title',
  'abn',
  'contact_email',
  'phone',
  'address_line1',
  'address_line2',
  'suburb',
  'state',
  'postcode',
] as const;
export type BusinessDetailsField = (typeof BUSINESS_DETAILS_FIELDS)[number];
export type BusinessDetailsValues = Record<BusinessDetailsField, string>;

export const EMPTY_BUSINESS_DETAILS: BusinessDetailsValues = {
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

export function businessDetailsValuesOf(
  details: z.output<typeof OrganisationDetails>,
): BusinessDetailsValues {
  return {
    title: details.title,
    abn: details.abn ?? '',
    contact_email: details.contact_email ?? '',
    phone: details.phone ?? '',
    address_line1: details.address_line1 ?? '',
    address_line2: details.address_line2 ?? '',
    suburb: details.suburb ?? '',
    state: details.state ?? '',
    postcode: details.postcode ?? '',
  };
}
