import type { AccountingProvider } from '@tradeport/contract';

// One interface for Xero, QuickBooks Online and MYOB Business (issue 13): what the accounting
// module asks of a provider, in Tradeport's terms. Each provider is one folder that implements it
// against its documented REST API with typed fetch calls, and registers in providers.ts; adding a
// fourth is one more folder. Failures are the three errors of accounting-errors.ts, so the module
// can tell a refusal (the provider said no: show its message) from an outage or a rate limit
// (retry later) without knowing whose API it was.

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

export type AccountingProviderClient = {
  readonly id: AccountingProvider;
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
