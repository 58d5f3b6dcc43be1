// One QuickBooks Online company (a realm) as the stand-in keeps it: entities by Id as Intuit
// answers them (PascalCase, Id and SyncToken strings), seeded as a new Australian company has them:
// its GST tax codes and rates and the accounts Tradeport's settings are mapped onto.

export type StandInCompany = { realmId: string; companyName: string };
export type Entity = Record<string, unknown> & { Id: string; SyncToken: string };

export type Books = {
  company: StandInCompany;
  Account: Map<string, Entity>;
  TaxCode: Map<string, Entity>;
  TaxRate: Map<string, Entity>;
  Customer: Map<string, Entity>;
  Item: Map<string, Entity>;
  Invoice: Map<string, Entity>;
  Payment: Map<string, Entity>;
  CreditMemo: Map<string, Entity>;
  nextId: () => string;
};

export const ENTITY_NAMES = [
  'Account',
  'TaxCode',
  'TaxRate',
  'Customer',
  'Item',
  'Invoice',
  'Payment',
  'CreditMemo',
] as const;
export type EntityName = (typeof ENTITY_NAMES)[number];

const meta = () => ({ CreateTime: new Date().toISOString(), LastUpdatedTime: new Date().toISOString() });

const account = (
  Id: string,
  Name: string,
  AccountType: string,
  AccountSubType: string,
  AcctNum?: string,
  Active = true,
): Entity => ({
  Id,
  SyncToken: '0',
  Name,
  FullyQualifiedName: Name,
  ...(AcctNum ? { AcctNum } : {}),
  AccountType,
  AccountSubType,
  Classification:
    AccountType === 'Bank' || AccountType === 'Other Current Asset'
      ? 'Asset'
      : AccountType.includes('Income')
        ? 'Revenue'
        : 'Expense',
  Active,
  CurrentBalance: 0,
  CurrencyRef: { value: 'AUD', name: 'Australian Dollar' },
  domain: 'QBO',
  MetaData: meta(),
});

const rateList = (rateId: string, name: string) => ({
  TaxRateDetail: [{ TaxRateRef: { value: rateId, name }, TaxTypeApplicable: 'TaxOnAmount', TaxOrder: 0 }],
});

const taxCode = (
  Id: string,
  Name: string,
  Description: string,
  sales: [string, string] | null,
  purchase: [string, string] | null,
): Entity => ({
  Id,
  SyncToken: '0',
  Name,
  Description,
  Active: true,
  Taxable: sales !== null,
  TaxGroup: true,
  SalesTaxRateList: sales ? rateList(...sales) : { TaxRateDetail: [] },
  PurchaseTaxRateList: purchase ? rateList(...purchase) : { TaxRateDetail: [] },
  domain: 'QBO',
  MetaData: meta(),
});

const taxRate = (Id: string, Name: string, RateValue: number): Entity => ({
  Id,
  SyncToken: '0',
  Name,
  Description: Name,
  RateValue,
  AgencyRef: { value: '1' },
  Active: true,
  domain: 'QBO',
  MetaData: meta(),
});

/** Ids as an AU company's: accounts and tax entities low, what is made later from 100 up. */
export function createBooks(company: StandInCompany): Books {
  let next = 100;
  const byId = (entities: Entity[]) => new Map(entities.map((entity) => [entity.Id, entity]));
  return {
    company,
    Account: byId([
      account('1', 'Sales', 'Income', 'SalesOfProductIncome', '4-1000'),
      account('2', 'Other Income', 'Other Income', 'OtherMiscellaneousIncome', '4-2000'),
      account('3', 'Business Bank Account', 'Bank', 'Checking', '1-1110'),
      account('4', 'Card Clearing', 'Bank', 'CashOnHand', '1-1180'),
      account('5', 'Undeposited Funds', 'Other Current Asset', 'UndepositedFunds'),
      account('6', 'Cost of Sales', 'Cost of Goods Sold', 'SuppliesMaterialsCogs', '5-1000'),
      account('7', 'Old Sales', 'Income', 'SalesOfProductIncome', '4-9000', false),
    ]),
    TaxRate: byId([
      taxRate('5', 'GST (sales)', 10),
      taxRate('6', 'GST (purchases)', 10),
      taxRate('7', 'GST-free (sales)', 0),
      taxRate('8', 'GST-free (purchases)', 0),
    ]),
    TaxCode: byId([
      taxCode('10', 'GST', 'GST', ['5', 'GST (sales)'], ['6', 'GST (purchases)']),
      taxCode('4', 'FRE', 'GST free', ['7', 'GST-free (sales)'], ['8', 'GST-free (purchases)']),
      taxCode('11', 'INP', 'Input taxed', null, ['8', 'GST-free (purchases)']),
    ]),
    Customer: new Map(),
    Item: new Map(),
    Invoice: new Map(),
    Payment: new Map(),
    CreditMemo: new Map(),
    nextId: () => String((next += 1)),
  };
}

export function companyInfoOf(books: Books) {
  return {
    Id: books.company.realmId,
    SyncToken: '0',
    CompanyName: books.company.companyName,
    LegalName: books.company.companyName,
    Country: 'AU',
    domain: 'QBO',
    MetaData: meta(),
  };
}
