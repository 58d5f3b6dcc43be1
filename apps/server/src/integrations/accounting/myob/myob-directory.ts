import type {
  AccountingDirectory,
  BooksPage,
  NewProviderContact,
  NewProviderItem,
  ProviderContact,
  ProviderItem,
} from '../accounting-provider.ts';
import { type MyobApi, type MyobCollection, odataString } from './myob-api.ts';
import { accountUids } from './myob-books.ts';

// A MYOB company file's customers and items, for linking Tradeport's customers and products to
// them (developer.myob.com/api/myob-business-api/v2/contact/customer, …/inventory/item). Both
// come in pages of $top/$skip. MYOB has no idempotency keys and creates one record a POST, so
// "never twice" comes from looking first: a customer is looked up by its CompanyName, an item by
// its Number (our code, unique in MYOB), and only what is not there is created. A retried batch
// therefore answers what the first attempt made, plus whatever it did not get to.

export const MYOB_DIRECTORY_PAGE_SIZE = 400;
/** MYOB's limits: an item's Number 30 characters, its Name 30, a customer's CompanyName 50. */
const ITEM_NUMBER_MAX = 30;
const ITEM_NAME_MAX = 30;
const COMPANY_NAME_MAX = 50;

type MyobCustomer = {
  UID: string;
  CompanyName?: string | null;
  FirstName?: string | null;
  LastName?: string | null;
  IsIndividual: boolean;
  IsActive: boolean;
  Addresses?: { Location: number; Email?: string | null }[] | null;
  SellingDetails?: { ABN?: string | null } | null;
};
type MyobItem = { UID: string; Number: string; Name: string; IsSold: boolean; IsActive: boolean };

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const cut = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

const toContact = (customer: MyobCustomer): ProviderContact => ({
  id: customer.UID,
  name: customer.IsIndividual
    ? [customer.FirstName, customer.LastName].filter(Boolean).join(' ')
    : (customer.CompanyName ?? ''),
  email: blankToNull(customer.Addresses?.find((address) => address.Location === 1)?.Email),
  taxNumber: blankToNull(customer.SellingDetails?.ABN),
});

const toItem = (item: MyobItem): ProviderItem => ({ id: item.UID, code: item.Number, name: item.Name });

/** MYOB's shape for a new customer: a company (not an individual), with what Tradeport knows. */
const myobCustomerOf = (contact: NewProviderContact) => ({
  CompanyName: cut(contact.name, COMPANY_NAME_MAX),
  IsIndividual: false,
  IsActive: true,
  ...(contact.email ? { Addresses: [{ Location: 1, Email: contact.email }] } : {}),
  SellingDetails: {
    TaxCode: null,
    FreightTaxCode: null,
    ...(contact.taxNumber ? { ABN: contact.taxNumber } : {}),
  },
});

async function page<T>(
  api: MyobApi,
  call: Parameters<MyobApi['get']>[0],
  path: string,
  filter: string,
  n: number,
) {
  const answer = await api.get<MyobCollection<T>>(call, path, {
    $filter: filter,
    $top: String(MYOB_DIRECTORY_PAGE_SIZE),
    $skip: String((n - 1) * MYOB_DIRECTORY_PAGE_SIZE),
  });
  return { items: answer.Items, hasMore: !!answer.NextPageLink };
}

export function createMyobDirectory(api: MyobApi): AccountingDirectory {
  return {
    async listContacts(call, { page: n }): Promise<BooksPage<ProviderContact>> {
      const { items, hasMore } = await page<MyobCustomer>(
        api,
        call,
        'Contact/Customer',
        'IsActive eq true',
        n,
      );
      return { records: items.map(toContact), hasMore };
    },

    async createContacts(call, contacts): Promise<ProviderContact[]> {
      const made: ProviderContact[] = [];
      for (const contact of contacts) {
        const name = cut(contact.name, COMPANY_NAME_MAX);
        const [found] = await api.find<MyobCustomer>(
          call,
          'Contact/Customer',
          `CompanyName eq ${odataString(name)} and IsActive eq true`,
          1,
        );
        if (found) {
          made.push(toContact(found));
          continue;
        }
        const uid = await api.create(call, 'Contact/Customer', myobCustomerOf(contact));
        made.push({ id: uid, name, email: contact.email, taxNumber: contact.taxNumber });
      }
      return made;
    },

    async listItems(call, { page: n }): Promise<BooksPage<ProviderItem>> {
      // An item not sold cannot be put on a sale.
      const { items, hasMore } = await page<MyobItem>(
        api,
        call,
        'Inventory/Item',
        'IsSold eq true and IsActive eq true',
        n,
      );
      return { records: items.map(toItem), hasMore };
    },

    async createItems(call, items): Promise<ProviderItem[]> {
      const codes = items.map((item) => item.salesAccountCode).filter((code): code is string => !!code);
      const accounts = codes.length > 0 ? await accountUids(api, call, codes) : new Map<string, string>();
      const made: ProviderItem[] = [];
      for (const item of items) {
        const number = item.code.slice(0, ITEM_NUMBER_MAX);
        const [found] = await api.find<MyobItem>(
          call,
          'Inventory/Item',
          `Number eq ${odataString(number)}`,
          1,
        );
        if (found) {
          made.push(toItem(found));
          continue;
        }
        const uid = await api.create(call, 'Inventory/Item', myobItemOf(item, number, accounts));
        made.push({ id: uid, code: number, name: cut(item.name, ITEM_NAME_MAX) });
      }
      return made;
    },
  };
}

function myobItemOf(item: NewProviderItem, number: string, accounts: Map<string, string>) {
  const account = item.salesAccountCode ? accounts.get(item.salesAccountCode) : undefined;
  return {
    Number: number,
    Name: cut(item.name, ITEM_NAME_MAX),
    Description: item.name,
    IsActive: true,
    IsSold: true,
    IsBought: false,
    IsInventoried: false,
    // MYOB needs an income account on an item it sells.
    ...(account ? { IncomeAccount: { UID: account } } : {}),
    SellingDetails: {
      ...(item.unitPriceCents === null ? {} : { BaseSellingPrice: item.unitPriceCents / 100 }),
      IsTaxInclusive: false,
      CalculateSalesTaxOn: 'ActualSellingPrice',
      ...(item.salesTaxId ? { TaxCode: { UID: item.salesTaxId } } : {}),
    },
  };
}
