import type { AccountingLink, ContactMatchReason, LinksChanged } from '@tradeport/contract';
import { countOf, formatDate } from '#lib/format.ts';

/** How a links section names both sides: "customer" and "contact" in Xero, "product" and "item". */
export type LinksWords = {
  /** The provider: "Xero". */
  name: string;
  record: string;
  records: string;
  bookRecord: string;
  bookRecords: string;
};

/** Why a contact is suggested for a customer, as its row says it. */
export const CONTACT_REASON_LABELS: Record<ContactMatchReason, string> = {
  ABN: 'Same ABN',
  EMAIL: 'Same email',
  NAME: 'Same name',
};

/** An item is suggested for a product only when its code is the product's SKU. */
export const ITEM_REASON_LABEL = 'Same SKU';

/** Who linked a record, and when; the sync links a customer itself when it sends its first invoice. */
export function linkedByText(link: AccountingLink): string {
  const on = formatDate(link.linked_at);
  return link.linked_by ? `Linked by ${link.linked_by} on ${on}` : `Linked by Tradeport’s sync on ${on}`;
}

/** What "Link N suggested" did. */
export function linkedSuggestedMessage(words: LinksWords, changed: LinksChanged): string {
  if (changed.linked === 0) return `No suggested ${words.records} were left to link`;
  return `Linked ${countOf(changed.linked, words.record, words.records)}`;
}

/**
 * What "Create in …" did: records made in the books, and those linked instead to one the books
 * had already under the same name (or code), which the books keep unique.
 */
export function createdMessage(words: LinksWords, changed: LinksChanged): string {
  const { name, record, records, bookRecord, bookRecords } = words;
  if (changed.linked === 0) return `Nothing was created: those ${records} are linked already`;
  const created = `Created ${countOf(changed.created, bookRecord, bookRecords)} in ${name}`;
  const found = changed.linked - changed.created;
  if (found === 0) return created;
  const linked = `linked ${countOf(found, record, records)} to ${bookRecords} ${name} already had`;
  return changed.created === 0 ? `L${linked.slice(1)}` : `${created}, and ${linked}`;
}
