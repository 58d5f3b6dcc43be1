import type { AccountingProvider } from '@tradeport/contract';

// One interface for Xero, QuickBooks Online and MYOB Business (issue 13): what the accounting
// module asks of a provider, in Tradeport's terms. Each provider is one folder that implements it
// against its documented REST API with typed fetch calls, and registers in providers.ts; adding a
// fourth is one more folder. Failures are the three errors of accounting-errors.ts, so the module
// can tell a refusal (the provider said no: show its message) from an outage or a rate limit
// (retry later) without knowing whose API it was.
// Typed fetch rather than Xero's SDK (xero-node) or Intuit's community clients: every call of the
// three goes through one HTTP path (provider-http.ts and each folder's *-api.ts) that owns
// timeouts, Retry-After, the idempotency headers and the hosts (the local stand-ins in tests), and
// MYOB has no maintained Node client. The types are the documented payloads, only the fields used.

/** OAuth tokens as a provider issued them; never leaves the server, and is stored encrypted. */
export type TokenSet = {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working (the provider's `expires_in` from when it was issued). */
  expiresAt: Date;
  scope: string | null;
};

/** A set of books the login can reach: Xero's organisation, QuickBooks' company, MYOB's company file. */
export type ProviderTenant = { id: string; name: string };

/** One call into a merchant's books: the token and the books it names. */
export type BooksCall = { accessToken: string; tenantId: string };

/** An account of the chart, as the settings offer it for sales, freight, surcharges and payments. */
export type ProviderAccount = {
  code: string;
  name: string;
  /** What it may be chosen for: income lines, or receiving payments. */
  use: 'REVENUE' | 'PAYMENTS' | 'OTHER';
};

/** A tax rate GST or GST-free lines can be sent with. */
export type ProviderTaxRate = { id: string; name: string; ratePercent: number };

/** A write into the books: its idempotency key makes a retried call answer what the first one made. */
export type BooksWrite = BooksCall & { idempotencyKey: string };

/** A page of what the books hold, in the provider's order; `hasMore`: ask for the next page. */
export type BooksPage<T> = { records: T[]; hasMore: boolean };

/** A contact (a customer in the books), with what automatic matching compares. */
export type ProviderContact = { id: string; name: string; email: string | null; taxNumber: string | null };
export type NewProviderContact = {
  name: string;
  email: string | null;
  /** The customer's ABN (11 digits), when it has one. */
  taxNumber: string | null;
};

/** An item (a product in the books), matched by its code (our SKU). */
export type ProviderItem = { id: string; code: string; name: string };
export type NewProviderItem = {
  code: string;
  name: string;
  /** Ex GST, in cents; the item's sales price in the books. */
  unitPriceCents: number | null;
  salesAccountCode: string | null;
  salesTaxId: string | null;
};

/** The books' contacts and items, for linking Tradeport's customers and products to them. */
export type AccountingDirectory = {
  listContacts(call: BooksCall, options: { page: number }): Promise<BooksPage<ProviderContact>>;
  createContacts(call: BooksWrite, contacts: NewProviderContact[]): Promise<ProviderContact[]>;
  listItems(call: BooksCall, options: { page: number }): Promise<BooksPage<ProviderItem>>;
  createItems(call: BooksWrite, items: NewProviderItem[]): Promise<ProviderItem[]>;
};

/** One line of an invoice or credit note, in cents; its tax as Tradeport worked it out. */
export type BooksLine = {
  description: string;
  quantity: number;
  /** Ex GST for EXCLUSIVE documents, GST included for INCLUSIVE ones. */
  unitAmountCents: number;
  taxCents: number;
  accountCode: string;
  taxId: string;
  itemCode: string | null;
};

/** A sales invoice or credit note as Tradeport sends it: approved, so payments can be applied. */
export type BooksDocument = {
  contactId: string;
  /** Our number for it (the tax invoice's number, the credit's), which the books keep. */
  number: string;
  reference: string | null;
  /** Days in the merchant's calendar, YYYY-MM-DD. */
  issuedOn: string;
  dueOn: string | null;
  amounts: 'EXCLUSIVE' | 'INCLUSIVE';
  lines: BooksLine[];
};

/** What the books made: its id, and the total they worked out (checked against ours). */
export type BooksRecord = { id: string; totalCents: number };

/** A payment into an account, against an invoice. */
export type BooksPayment = {
  invoiceId: string;
  accountCode: string;
  amountCents: number;
  paidOn: string;
  reference: string;
};

/** Invoices, payments and credit notes: what the sync writes into the books. */
export type AccountingDocuments = {
  createInvoice(call: BooksWrite, invoice: BooksDocument): Promise<BooksRecord>;
  /** Replaces an approved invoice's contents (nothing paid against it yet). */
  updateInvoice(call: BooksWrite, invoiceId: string, invoice: BooksDocument): Promise<BooksRecord>;
  voidInvoice(call: BooksWrite, invoiceId: string): Promise<void>;
  createPayment(call: BooksWrite, payment: BooksPayment): Promise<{ id: string }>;
  /** Takes a payment back out of the books (refunded or voided here): its invoice owes again. */
  deletePayment(call: BooksWrite, paymentId: string): Promise<void>;
  createCreditNote(call: BooksWrite, note: BooksDocument): Promise<BooksRecord>;
  /** Voids a credit note nothing has been taken from yet. */
  voidCreditNote(call: BooksWrite, creditNoteId: string): Promise<void>;
  /** Applies part of a credit note to an invoice. */
  allocateCreditNote(
    call: BooksWrite,
    allocation: { creditNoteId: string; invoiceId: string; amountCents: number; on: string },
  ): Promise<void>;
};

export type AccountingProviderClient = AccountingDirectory &
  AccountingDocuments & {
    readonly id: AccountingProvider;
    /** Calls one set of books may take a minute (Xero: 60 per organisation); the sync keeps under it. */
    readonly callsPerMinute: number;
    /**
     * What the limit is counted on: each set of books (Xero's organisation, QuickBooks' company),
     * or our app's key, all merchants' books together (MYOB's API key).
     */
    readonly rateLimitFor: 'BOOKS' | 'APP';
    /** The provider's consent page for this attempt (PKCE S256 when `codeChallenge` is given). */
    consentUrl(options: { state: string; redirectUri: string; codeChallenge: string }): URL;
    /** The consent page's code → tokens. */
    exchangeCode(options: { code: string; redirectUri: string; codeVerifier: string }): Promise<TokenSet>;
    /** A new access token (and, where the provider rotates them, a new refresh token). */
    refresh(refreshToken: string): Promise<TokenSet>;
    /** Withdraws the grant at the provider: its tokens stop working. */
    revoke(refreshToken: string): Promise<void>;
    /** The books this grant reaches (`realmId`: QuickBooks names its company on the redirect). */
    listTenants(accessToken: string, options: { realmId?: string }): Promise<ProviderTenant[]>;
    /** The chart of accounts that can be chosen (active ones). */
    listAccounts(call: BooksCall): Promise<ProviderAccount[]>;
    /** Tax rates that can apply to sales (active ones). */
    listTaxRates(call: BooksCall): Promise<ProviderTaxRate[]>;
  };
