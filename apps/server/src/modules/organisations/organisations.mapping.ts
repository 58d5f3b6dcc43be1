import type { Organisation } from '@tradeport/contract';
import type {
  OrganisationBankAccountColumns,
  OrganisationDetailsColumns,
  OrganisationRow,
} from './organisations.queries.ts';

/** Contract input (snake_case) → columns, for the details both merchants and customers have. */
export function detailsToColumns(input: {
  title: string;
  abn: string | null;
  contact_email: string | null;
  phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
}): OrganisationDetailsColumns {
  return {
    title: input.title,
    abn: input.abn,
    contactEmail: input.contact_email,
    phone: input.phone,
    addressLine1: input.address_line1,
    addressLine2: input.address_line2,
    suburb: input.suburb,
    state: input.state,
    postcode: input.postcode,
  };
}

/**
 * The bank account of an update as columns: undefined when the update leaves all three out (they
 * stay as they are). The contract already refused one given without the others.
 */
export function bankAccountToColumns(input: {
  bank_account_name?: string | null;
  bank_bsb?: string | null;
  bank_account_number?: string | null;
}): OrganisationBankAccountColumns | undefined {
  const { bank_account_name: name, bank_bsb: bsb, bank_account_number: number } = input;
  if (name === undefined && bsb === undefined && number === undefined) return undefined;
  return { bankAccountName: name ?? null, bankBsb: bsb ?? null, bankAccountNumber: number ?? null };
}

export function detailsFromRow(row: OrganisationRow) {
  return {
    title: row.title,
    abn: row.abn,
    contact_email: row.contactEmail,
    phone: row.phone,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
  };
}

export function toOrganisation(row: OrganisationRow): Organisation {
  return {
    id: row.id,
    is_merchant: row.kind === 'MERCHANT',
    slug: row.slug,
    image: row.image,
    ...detailsFromRow(row),
    trial_end: row.trialEnd?.toISOString() ?? null,
    time_zone: row.timeZone,
    gst_rounding: row.gstRounding,
    bank_account_name: row.bankAccountName,
    bank_bsb: row.bankBsb,
    bank_account_number: row.bankAccountNumber,
    version: row.version,
  };
}
