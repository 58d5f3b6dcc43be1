import type { ContactMatchReason } from '@tradeport/contract';

// Automatic matching of Tradeport's records to the books' (issue 13): the one place its rules
// live. A customer matches a contact by ABN, else by email, else by name; a product matches the
// item whose code is its SKU. Only unlinked records take part on either side: the caller passes
// those, so a contact already linked is never suggested.

export type MatchableCustomer = { id: string; name: string; abn: string | null; email: string | null };
export type MatchableContact = { id: string; name: string; email: string | null; taxNumber: string | null };
export type ContactSuggestion<C> = { contact: C; reason: ContactMatchReason };

/** An ABN as digits only ("51 824 753 556" → "51824753556"); null unless it is 11 of them. */
export function abnKey(value: string | null): string | null {
  const digits = value?.replace(/\D/g, '') ?? '';
  return digits.length === 11 ? digits : null;
}

export function emailKey(value: string | null): string | null {
  const email = value?.trim().toLowerCase() ?? '';
  return email.includes('@') ? email : null;
}

// "Pty Ltd", "Pty. Ltd.", "Proprietary Limited", "Ltd", "P/L"…: the same business written another way.
const COMPANY_SUFFIX = /(\s+(pty|proprietary|ltd|limited|p\/l|inc|incorporated))+$/;

/**
 * A name as people write it differently: case, spacing, punctuation, "&" for "and", and the
 * company suffix ignored. "Bean There Café Pty. Ltd." and "bean there  café" are the same name.
 */
export function nameKey(value: string): string | null {
  const key = value
    .toLowerCase()
    .normalize('NFC')
    .replace(/&/g, ' and ')
    .replace(/[.,'’"()]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(COMPANY_SUFFIX, '')
    .trim();
  return key === '' ? null : key;
}

/**
 * The name as the books keep it unique (Xero: among active contacts, regardless of case and
 * surrounding spaces): a customer's contact is made with its name, so a free contact with this
 * key is the one to link instead of making a second the books would refuse.
 */
export const booksNameKey = (value: string) => value.trim().toLowerCase();

/** An item code (our SKU): codes are unique in the books and SKUs in Tradeport, both regardless of case. */
export const codeKey = (value: string) => value.trim().toLowerCase();

type Pass = {
  reason: ContactMatchReason;
  customerKey(c: MatchableCustomer): string | null;
  contactKey(c: MatchableContact): string | null;
};

const PASSES: Pass[] = [
  { reason: 'ABN', customerKey: (c) => abnKey(c.abn), contactKey: (c) => abnKey(c.taxNumber) },
  { reason: 'EMAIL', customerKey: (c) => emailKey(c.email), contactKey: (c) => emailKey(c.email) },
  { reason: 'NAME', customerKey: (c) => nameKey(c.name), contactKey: (c) => nameKey(c.name) },
];

/** Both have an ABN and they differ: different businesses, whatever their names or emails say. */
const isAbnContradicting = (customer: MatchableCustomer, contact: MatchableContact) => {
  const [ours, theirs] = [abnKey(customer.abn), abnKey(contact.taxNumber)];
  return ours !== null && theirs !== null && ours !== theirs;
};

function groupBy<T>(records: Iterable<T>, keyOf: (record: T) => string | null) {
  const groups = new Map<string, T[]>();
  for (const record of records) {
    const key = keyOf(record);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  return groups;
}

/**
 * The contact each unlinked customer would be linked to, by customer id. Pass by pass (ABN, then
 * email, then name), a key held by exactly one remaining customer and one remaining contact pairs
 * them; a key several hold on either side is ambiguous and pairs no one in that pass (two venues
 * of one company share an ABN: their emails may still tell them apart). So a contact is suggested
 * to one customer at most, and the answer does not depend on the order of either list.
 */
export function suggestContacts<C extends MatchableContact>(
  customers: readonly MatchableCustomer[],
  contacts: readonly C[],
): Map<string, ContactSuggestion<C>> {
  const suggestions = new Map<string, ContactSuggestion<C>>();
  const freeCustomers = new Map(customers.map((customer) => [customer.id, customer]));
  const freeContacts = new Map(contacts.map((contact) => [contact.id, contact]));
  for (const pass of PASSES) {
    const contactsByKey = groupBy(freeContacts.values(), pass.contactKey);
    const customersByKey = groupBy(freeCustomers.values(), pass.customerKey);
    for (const [key, [customer, ...otherCustomers]] of customersByKey) {
      const [contact, ...otherContacts] = contactsByKey.get(key) ?? [];
      if (!customer || !contact || otherCustomers.length > 0 || otherContacts.length > 0) continue;
      if (isAbnContradicting(customer, contact)) continue;
      suggestions.set(customer.id, { contact, reason: pass.reason });
      freeCustomers.delete(customer.id);
      freeContacts.delete(contact.id);
    }
  }
  return suggestions;
}

/** The unlinked items by code, for a product's suggestion: the item whose code is its SKU. */
export function itemsByCode<I extends { code: string }>(items: readonly I[]): Map<string, I> {
  return new Map(items.map((item) => [codeKey(item.code), item]));
}
