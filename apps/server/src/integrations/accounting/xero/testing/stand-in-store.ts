import { randomUUID } from 'node:crypto';
import type { Tenant } from './stand-in-tokens.ts';

// The books of each organisation (tenant) the stand-in holds: an Australian chart of accounts and
// tax rates seeded as a new Xero organisation has them (the codes Tradeport maps to), and what
// the API creates. Documents are kept in Xero's own shape and casing, so the API answers them as
// they are and a test asserts on what Xero would hold.

export type Account = {
  AccountID: string;
  Code: string;
  Name: string;
  Type: 'REVENUE' | 'BANK' | 'CURRENT';
  Class: 'REVENUE' | 'ASSET';
  Status: 'ACTIVE' | 'ARCHIVED';
  TaxType: string;
  /** Payments may be made to it: always a BANK account here (Xero also allows flagged others). */
  EnablePaymentsToAccount: boolean;
  BankAccountType?: 'BANK';
  SystemAccount?: 'DEBTORS';
  CurrencyCode?: 'AUD';
};

export type TaxRate = {
  Name: string;
  TaxType: string;
  ReportTaxType: string;
  EffectiveRate: number;
  DisplayTaxRate: number;
  Status: 'ACTIVE';
  CanApplyToRevenue: boolean;
  CanApplyToExpenses: boolean;
  TaxComponents: { Name: string; Rate: number; IsCompound: boolean; IsNonRecoverable: boolean }[];
};

/** Contacts and items keep whatever else the client sent (addresses, phones…), as Xero would. */
export type Contact = { ContactID: string; Name: string; ContactStatus: 'ACTIVE' | 'ARCHIVED' } & Record<
  string,
  unknown
>;
export type Item = { ItemID: string; Code: string; Name?: string } & Record<string, unknown>;

export type LineItem = {
  LineItemID: string;
  Description: string;
  Quantity: number;
  UnitAmount: number;
  ItemCode?: string;
  AccountCode?: string;
  TaxType: string;
  TaxAmount: number;
  LineAmount: number;
  DiscountRate?: number;
};

export type DocumentStatus = 'DRAFT' | 'SUBMITTED' | 'AUTHORISED' | 'PAID' | 'VOIDED' | 'DELETED';

/** What an invoice and a credit note share: the lines, the totals and the dates. */
type SalesDocument = {
  Contact: { ContactID: string; Name: string };
  Date: string;
  DateString: string;
  DueDate?: string;
  DueDateString?: string;
  Status: DocumentStatus;
  LineAmountTypes: 'Exclusive' | 'Inclusive' | 'NoTax';
  LineItems: LineItem[];
  SubTotal: number;
  TotalTax: number;
  Total: number;
  Reference: string;
  CurrencyCode: string;
  CurrencyRate: 1;
  Payments: PaymentSummary[];
  HasAttachments: false;
  UpdatedDateUTC: string;
  FullyPaidOnDate?: string;
};

export type Invoice = SalesDocument & {
  Type: 'ACCREC';
  InvoiceID: string;
  InvoiceNumber: string;
  AmountDue: number;
  AmountPaid: number;
  AmountCredited: number;
  CreditNotes: { CreditNoteID: string; CreditNoteNumber: string; AppliedAmount: number }[];
};

export type CreditNote = SalesDocument & {
  Type: 'ACCRECCREDIT';
  CreditNoteID: string;
  CreditNoteNumber: string;
  RemainingCredit: number;
  Allocations: Allocation[];
};

export type PaymentSummary = { PaymentID: string; Date: string; Amount: number; Reference: string };

export type Payment = PaymentSummary & {
  Status: 'AUTHORISED' | 'DELETED';
  PaymentType: 'ACCRECPAYMENT' | 'ARCREDITPAYMENT';
  Account: { AccountID: string; Code: string };
  Invoice?: { InvoiceID: string; InvoiceNumber: string; Type: string; Contact: Invoice['Contact'] };
  CreditNote?: { CreditNoteID: string; CreditNoteNumber: string; Type: string; Contact: Invoice['Contact'] };
  CurrencyRate: 1;
  IsReconciled: false;
  UpdatedDateUTC: string;
};

export type Allocation = {
  AllocationID: string;
  Amount: number;
  Date: string;
  Invoice: { InvoiceID: string; InvoiceNumber: string };
  CreditNote: { CreditNoteID: string; CreditNoteNumber: string };
};

const account = (fields: Omit<Account, 'AccountID' | 'Status'>): Account => ({
  AccountID: randomUUID(),
  Status: 'ACTIVE',
  ...fields,
});

const taxRate = (TaxType: string, Name: string, rate: number, CanApplyToRevenue: boolean): TaxRate => ({
  Name,
  TaxType,
  ReportTaxType: TaxType,
  EffectiveRate: rate,
  DisplayTaxRate: rate,
  Status: 'ACTIVE',
  CanApplyToRevenue,
  CanApplyToExpenses: !CanApplyToRevenue || TaxType === 'BASEXCLUDED',
  TaxComponents: [{ Name: 'GST', Rate: rate, IsCompound: false, IsNonRecoverable: false }],
});

function seedAccounts(): Account[] {
  const bank = {
    Type: 'BANK',
    Class: 'ASSET',
    TaxType: 'BASEXCLUDED',
    EnablePaymentsToAccount: true,
  } as const;
  return [
    account({
      Code: '200',
      Name: 'Sales',
      Type: 'REVENUE',
      Class: 'REVENUE',
      TaxType: 'OUTPUT',
      EnablePaymentsToAccount: false,
    }),
    account({
      Code: '260',
      Name: 'Other Revenue',
      Type: 'REVENUE',
      Class: 'REVENUE',
      TaxType: 'OUTPUT',
      EnablePaymentsToAccount: false,
    }),
    account({
      ...bank,
      Code: '090',
      Name: 'Business Bank Account',
      BankAccountType: 'BANK',
      CurrencyCode: 'AUD',
    }),
    // Where card takings land before the payout reaches the bank: payments are recorded to it.
    account({ ...bank, Code: '091', Name: 'Card clearing', BankAccountType: 'BANK', CurrencyCode: 'AUD' }),
    account({
      Code: '610',
      Name: 'Accounts Receivable',
      Type: 'CURRENT',
      Class: 'ASSET',
      TaxType: 'BASEXCLUDED',
      EnablePaymentsToAccount: false,
      SystemAccount: 'DEBTORS',
    }),
  ];
}

const seedTaxRates = () => [
  taxRate('OUTPUT', 'GST on Income', 10, true),
  taxRate('EXEMPTOUTPUT', 'GST Free Income', 0, true),
  taxRate('BASEXCLUDED', 'BAS Excluded', 0, true),
  taxRate('INPUT', 'GST on Expenses', 10, false),
];

function createBooks(tenant: Tenant) {
  return {
    tenant,
    accounts: seedAccounts(),
    taxRates: seedTaxRates(),
    contacts: new Map<string, Contact>(),
    items: new Map<string, Item>(),
    invoices: new Map<string, Invoice>(),
    payments: new Map<string, Payment>(),
    creditNotes: new Map<string, CreditNote>(),
    /** The last invoice and credit note numbers given (INV-0001, CN-0001…). */
    numbers: { invoice: 0, creditNote: 0 },
  };
}

export type Books = ReturnType<typeof createBooks>;

/** Xero's /Organisation, for the tenant's own name and currency. */
export const organisationOf = (books: Books) => ({
  OrganisationID: books.tenant.tenantId,
  Name: books.tenant.tenantName,
  LegalName: books.tenant.tenantName,
  BaseCurrency: 'AUD',
  CountryCode: 'AU',
  OrganisationType: 'COMPANY',
  OrganisationStatus: 'ACTIVE',
  Version: 'AU',
  IsDemoCompany: false,
  Timezone: 'AUSEASTERNSTANDARDTIME',
});

/** Every tenant's books, made (and seeded) the first time anything asks for them. */
export function createStore() {
  const books = new Map<string, Books>();
  return {
    books(tenant: Tenant): Books {
      let found = books.get(tenant.tenantId);
      if (!found) books.set(tenant.tenantId, (found = createBooks(tenant)));
      return found;
    },
    /** The books of a tenant by id, if they exist yet (for the test's records). */
    existing: (tenantId: string) => books.get(tenantId),
  };
}

export type Store = ReturnType<typeof createStore>;
