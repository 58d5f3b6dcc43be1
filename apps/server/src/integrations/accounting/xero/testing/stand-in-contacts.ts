import { randomUUID } from 'node:crypto';
import { xeroDate } from './stand-in-http.ts';
import type { Books, Contact, Item } from './stand-in-store.ts';

// Contacts (Tradeport's buyers) and items (its products) as Xero keeps them: made or changed by
// POST/PUT (an element with its id changes that record, one without makes a new one), with
// Xero's uniqueness rules: a contact's name among active contacts, an item's code.

type Input = Record<string, unknown>;
const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
/** What Xero computes or owns: a client's copy of these is ignored, not stored. */
const owned = (input: Input) => {
  const copy = { ...input };
  for (const key of [
    'ValidationErrors',
    'Warnings',
    'UpdatedDateUTC',
    'HasAttachments',
    'HasValidationErrors',
  ]) {
    delete copy[key];
  }
  return copy;
};

/**
 * One contact of a batch, checked against the books and the batch's earlier elements (`taken`:
 * names already claimed in it), and `save` to keep it once the whole batch passed.
 */
export function prepareContact(books: Books, input: Input, now: number, taken: Set<string>) {
  const messages: string[] = [];
  const id = textOf(input.ContactID);
  const existing = id ? books.contacts.get(id) : undefined;
  if (id && !existing) messages.push(`The contact with ContactID ${id} could not be found.`);
  const name = (textOf(input.Name) ?? existing?.Name ?? '').trim();
  if (!name) messages.push('The contact must have a Name.');
  if (name.length > 255) messages.push('The contact name must be 255 characters or fewer.');
  const status = input.ContactStatus ?? existing?.ContactStatus ?? 'ACTIVE';
  if (status !== 'ACTIVE' && status !== 'ARCHIVED')
    messages.push('ContactStatus must be ACTIVE or ARCHIVED.');
  // Xero compares names without regard to case or surrounding spaces.
  const key = name.toLowerCase();
  const clash =
    status === 'ACTIVE' &&
    ([...books.contacts.values()].some(
      (other) =>
        other.ContactStatus === 'ACTIVE' && other.ContactID !== id && other.Name.toLowerCase() === key,
    ) ||
      taken.has(key));
  if (name && clash) {
    messages.push(
      `The contact name ${name} is already assigned to another contact. The contact name must be unique across all active contacts.`,
    );
  }
  const email = textOf(input.EmailAddress);
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) messages.push('Email address must be valid.');
  if (name) taken.add(key);

  const save = (): Contact => {
    const contact: Contact = {
      ContactID: randomUUID(),
      IsSupplier: false,
      IsCustomer: false,
      Addresses: [],
      Phones: [],
      ContactGroups: [],
      ...existing,
      ...owned(input),
      Name: name,
      ContactStatus: status as Contact['ContactStatus'],
      UpdatedDateUTC: xeroDate(now),
      HasAttachments: false,
    };
    if (existing) contact.ContactID = existing.ContactID;
    books.contacts.set(contact.ContactID, contact);
    return contact;
  };
  return { messages, save };
}

/** One item of a batch: its Code unique (and given), its sales account and tax type real. */
export function prepareItem(books: Books, input: Input, now: number, taken: Set<string>) {
  const messages: string[] = [];
  const id = textOf(input.ItemID);
  const existing = id ? books.items.get(id) : undefined;
  if (id && !existing) messages.push(`The item with ItemID ${id} could not be found.`);
  const code = (textOf(input.Code) ?? existing?.Code ?? '').trim();
  if (!code) messages.push('Item code must be specified.');
  if (code.length > 30) messages.push('Item code must be 30 characters or fewer.');
  const name = textOf(input.Name);
  if (name !== undefined && name.length > 50) messages.push('Item name must be 50 characters or fewer.');
  const clash =
    [...books.items.values()].some(
      (other) => other.ItemID !== id && other.Code.toLowerCase() === code.toLowerCase(),
    ) || taken.has(code.toLowerCase());
  if (code && clash) messages.push(`Item code '${code}' already exists`);
  const sales = (
    typeof input.SalesDetails === 'object' && input.SalesDetails !== null ? input.SalesDetails : {}
  ) as Input;
  if (
    sales.AccountCode !== undefined &&
    !books.accounts.some((account) => account.Code === sales.AccountCode)
  ) {
    messages.push(`Account code '${String(sales.AccountCode)}' is not a valid code for this item.`);
  }
  if (sales.TaxType !== undefined && !books.taxRates.some((rate) => rate.TaxType === sales.TaxType)) {
    messages.push(`The TaxType code '${String(sales.TaxType)}' does not exist.`);
  }
  taken.add(code.toLowerCase());

  const save = (): Item => {
    const item: Item = {
      ItemID: randomUUID(),
      IsSold: true,
      IsPurchased: false,
      IsTrackedAsInventory: false,
      ...existing,
      ...owned(input),
      Code: code,
      UpdatedDateUTC: xeroDate(now),
    };
    if (existing) item.ItemID = existing.ItemID;
    books.items.set(item.ItemID, item);
    return item;
  };
  return { messages, save };
}
