import { randomUUID } from 'node:crypto';

// What each company file holds at the stand-in: an Australian chart of accounts and tax codes as
// a new MYOB Business file has them (the ones Tradeport maps), and what the API has written —
// customers, items, sales (invoices and credits: a credit is a sale with a negative total),
// customer payments and credit settlements — in MYOB's own JSON shapes.

export type Ref = { UID: string; [field: string]: unknown };
export type Account = {
  UID: string;
  DisplayID: string;
  Name: string;
  Classification: string;
  Type: string;
  IsActive: boolean;
  IsHeader: boolean;
};
export type TaxCode = { UID: string; Code: string; Description: string; Type: string; Rate: number };
export type SaleLine = {
  RowID: number;
  Type: 'Transaction';
  Description: string;
  Total: number;
  Account: Ref;
  TaxCode: Ref;
};
export type Sale = {
  UID: string;
  Number: string;
  Date: string;
  Customer: Ref;
  IsTaxInclusive: boolean;
  Lines: SaleLine[];
  Subtotal: number;
  TotalTax: number;
  TotalAmount: number;
  BalanceDueAmount: number;
  Status: 'Open' | 'Closed' | 'Credit';
  InvoiceType: 'Service';
  CustomerPurchaseOrderNumber: string | null;
  JournalMemo: string | null;
  Terms: unknown;
  RowVersion: string;
};
export type Payment = {
  UID: string;
  DepositTo: 'Account';
  Account: Ref;
  Customer: Ref;
  Date: string;
  AmountReceived: number;
  Memo: string | null;
  Invoices: { UID: string; AmountApplied: number; Type: 'Invoice' }[];
  RowVersion: string;
};
export type Settlement = {
  UID: string;
  CreditFromInvoice: Ref;
  Customer: Ref;
  Date: string;
  Memo: string | null;
  Invoices: { UID: string; AmountApplied: number; Type: 'Invoice' }[];
  RowVersion: string;
};
export type Books = {
  companyName: string;
  accounts: Account[];
  taxCodes: TaxCode[];
  customers: Map<string, Record<string, unknown> & { UID: string }>;
  items: Map<string, Record<string, unknown> & { UID: string }>;
  invoices: Map<string, Sale>;
  payments: Map<string, Payment>;
  settlements: Map<string, Settlement>;
};

const account = (
  DisplayID: string,
  Name: string,
  Classification: string,
  Type: string,
  IsHeader = false,
): Account => ({
  UID: randomUUID(),
  DisplayID,
  Name,
  Classification,
  Type,
  IsActive: true,
  IsHeader,
});

let rowVersion = 1_000_000;
export const nextRowVersion = () => String((rowVersion += 1));

export function seededBooks(companyName: string): Books {
  return {
    companyName,
    accounts: [
      account('1-0000', 'Assets', 'Asset', 'OtherAsset', true),
      account('1-1110', 'Business Bank Account', 'Asset', 'Bank'),
      account('1-1120', 'Card clearing', 'Asset', 'Bank'),
      account('1-1200', 'Trade Debtors', 'Asset', 'AccountReceivable'),
      account('2-1310', 'GST Collected', 'Liability', 'OtherCurrentLiability'),
      account('4-0000', 'Income', 'Income', 'Income', true),
      account('4-1000', 'Sales income', 'Income', 'Income'),
      account('4-2000', 'Other income', 'Income', 'Income'),
      { ...account('4-3000', 'Old sales (inactive)', 'Income', 'Income'), IsActive: false },
      account('6-1000', 'Bank fees', 'Expense', 'Expense'),
    ],
    taxCodes: [
      { UID: randomUUID(), Code: 'GST', Description: 'Goods & Services Tax', Type: 'GST', Rate: 10 },
      { UID: randomUUID(), Code: 'FRE', Description: 'GST Free', Type: 'GST', Rate: 0 },
      { UID: randomUUID(), Code: 'ITS', Description: 'Input Taxed Sales', Type: 'InputTaxed', Rate: 0 },
      { UID: randomUUID(), Code: 'N-T', Description: 'Not Reportable', Type: 'GST', Rate: 0 },
      { UID: randomUUID(), Code: 'IMP', Description: 'Import Duty', Type: 'ImportDuty', Rate: 5 },
    ],
    customers: new Map(),
    items: new Map(),
    invoices: new Map(),
    payments: new Map(),
    settlements: new Map(),
  };
}

export function createStore() {
  const files = new Map<string, Books>();
  return {
    /** The file's books, made (seeded) the first time it is used. */
    books(fileId: string, name: string): Books {
      let books = files.get(fileId);
      if (!books) files.set(fileId, (books = seededBooks(name)));
      return books;
    },
    existing: (fileId: string) => files.get(fileId),
  };
}

export type Store = ReturnType<typeof createStore>;
