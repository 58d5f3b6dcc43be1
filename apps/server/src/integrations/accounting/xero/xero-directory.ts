import type {
  AccountingDirectory,
  BooksPage,
  NewProviderContact,
  NewProviderItem,
  ProviderContact,
  ProviderItem,
} from '../accounting-provider.ts';
import type { XeroApi } from './xero-api.ts';

// A Xero organisation's contacts and items, for linking Tradeport's customers and products to them
// (developer.xero.com/documentation/api/accounting/contacts, …/items). Contacts come in pages;
// items come all at once, as Xero's Items endpoint has no paging. Creating is one batched PUT with
// the caller's Idempotency-Key, all or nothing (summarizeErrors, Xero's default): a retried call
// answers what the first one made instead of making it twice.

/** Xero's largest page (`pageSize`); its default is 100. */
export const XERO_CONTACTS_PAGE_SIZE = 1000;
/** Xero's limit on an item's name; a longer one is cut, and kept whole as its sales description. */
const ITEM_NAME_MAX = 50;

type XeroContact = {
  ContactID: string;
  Name: string;
  ContactStatus: string;
  EmailAddress?: string;
  TaxNumber?: string;
};
type XeroItem = { ItemID: string; Code: string; Name?: string; IsSold?: boolean };
type XeroPagination = { page: number; pageCount: number };

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

const toContact = (contact: XeroContact): ProviderContact => ({
  id: contact.ContactID,
  name: contact.Name,
  email: blankToNull(contact.EmailAddress),
  taxNumber: blankToNull(contact.TaxNumber),
});

const toItem = (item: XeroItem): ProviderItem => ({
  id: item.ItemID,
  code: item.Code,
  name: item.Name ?? '',
});

/** Xero's shape for a new contact: only what Tradeport knows, nothing empty. */
const xeroContactOf = (contact: NewProviderContact) => ({
  Name: contact.name,
  ...(contact.email ? { EmailAddress: contact.email } : {}),
  ...(contact.taxNumber ? { TaxNumber: contact.taxNumber } : {}),
});

function xeroItemOf(item: NewProviderItem) {
  const sales = {
    ...(item.unitPriceCents === null ? {} : { UnitPrice: item.unitPriceCents / 100 }),
    ...(item.salesAccountCode ? { AccountCode: item.salesAccountCode } : {}),
    ...(item.salesTaxId ? { TaxType: item.salesTaxId } : {}),
  };
  return {
    Code: item.code,
    Name: item.name.length > ITEM_NAME_MAX ? `${item.name.slice(0, ITEM_NAME_MAX - 1)}…` : item.name,
    Description: item.name,
    IsSold: true,
    SalesDetails: sales,
  };
}

export function createXeroDirectory(api: XeroApi): AccountingDirectory {
  return {
    async listContacts(call, { page }): Promise<BooksPage<ProviderContact>> {
      const query = new URLSearchParams({
        where: 'ContactStatus=="ACTIVE"',
        order: 'Name ASC',
        page: String(page),
        pageSize: String(XERO_CONTACTS_PAGE_SIZE),
      });
      const { Contacts, pagination } = await api.request<{
        Contacts: XeroContact[];
        pagination?: XeroPagination;
      }>(call, 'GET', `Contacts?${query}`);
      // Xero adds `pagination` to paged answers; a full page without it may have a next one.
      const hasMore = pagination
        ? pagination.page < pagination.pageCount
        : Contacts.length >= XERO_CONTACTS_PAGE_SIZE;
      return { records: Contacts.filter((c) => c.ContactStatus === 'ACTIVE').map(toContact), hasMore };
    },

    async createContacts(call, contacts): Promise<ProviderContact[]> {
      if (contacts.length === 0) return [];
      const { Contacts } = await api.request<{ Contacts: XeroContact[] }>(call, 'PUT', 'Contacts', {
        Contacts: contacts.map(xeroContactOf),
      });
      return Contacts.map(toContact);
    },

    async listItems(call, { page }): Promise<BooksPage<ProviderItem>> {
      if (page > 1) return { records: [], hasMore: false };
      const { Items } = await api.request<{ Items: XeroItem[] }>(call, 'GET', 'Items?order=Code%20ASC');
      // An item not sold cannot be put on a sales invoice.
      return { records: Items.filter((item) => item.IsSold !== false).map(toItem), hasMore: false };
    },

    async createItems(call, items): Promise<ProviderItem[]> {
      if (items.length === 0) return [];
      const { Items } = await api.request<{ Items: XeroItem[] }>(call, 'PUT', 'Items', {
        Items: items.map(xeroItemOf),
      });
      return Items.map(toItem);
    },
  };
}
