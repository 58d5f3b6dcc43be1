import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { PaymentMethod } from './enums.ts';
import { OrganisationParams } from './organisations.ts';

// Accounting integrations (issue 13; SPEC §2 /xero/settings, /quickbooks/settings, /myob/settings,
// §7 xero|quickbooks|myob/organisation/{id}/…): a merchant's Admin connects its books through the
// provider's OAuth 2 consent page (authorisation code with PKCE where the provider supports it),
// chooses the organisation (tenant, company) when the login reaches several, and disconnects,
// which revokes the tokens. Tokens never leave the server: no answer carries them.
// Every provider has the same endpoints under its own path prefix (`accountingEndpoints`).

export const ACCOUNTING_PROVIDERS = ['xero', 'quickbooks', 'myob'] as const;
export const AccountingProvider = z.enum(ACCOUNTING_PROVIDERS);
export type AccountingProvider = z.infer<typeof AccountingProvider>;

export const ACCOUNTING_PROVIDER_NAMES: Record<AccountingProvider, string> = {
  xero: 'Xero',
  quickbooks: 'QuickBooks Online',
  myob: 'MYOB Business',
};

/**
 * The server settings (environment) that set each provider up: its client id and secret, both or
 * neither (and ACCOUNTING_TOKEN_KEY beside any). The server checks them; the screen names them.
 */
export const ACCOUNTING_PROVIDER_KEYS = {
  xero: ['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET'],
  quickbooks: ['QUICKBOOKS_CLIENT_ID', 'QUICKBOOKS_CLIENT_SECRET'],
  myob: ['MYOB_CLIENT_ID', 'MYOB_CLIENT_SECRET'],
} as const satisfies Record<AccountingProvider, readonly [string, string]>;

/** What the provider calls the books a login can reach: Xero's organisations, QuickBooks' companies… */
export const ACCOUNTING_TENANT_WORDS: Record<AccountingProvider, string> = {
  xero: 'organisation',
  quickbooks: 'company',
  myob: 'company file',
};

/**
 * NOT_CONNECTED: never connected, or disconnected. CHOOSING_TENANT: consent given, and the login
 * reaches several organisations: one must be chosen. CONNECTED: syncing to the chosen one.
 * NEEDS_RECONNECT: the provider refused our tokens (consent withdrawn there, or refresh expired);
 * connecting again fixes it.
 */
export const ACCOUNTING_CONNECTION_STATUSES = [
  'NOT_CONNECTED',
  'CHOOSING_TENANT',
  'CONNECTED',
  'NEEDS_RECONNECT',
] as const;
export const AccountingConnectionStatus = z.enum(ACCOUNTING_CONNECTION_STATUSES);
export type AccountingConnectionStatus = z.infer<typeof AccountingConnectionStatus>;

export const AccountingTenant = z.object({ id: z.string(), name: z.string() });
export type AccountingTenant = z.infer<typeof AccountingTenant>;

/** When an order's invoice is sent to the books: as it is placed, or once it is completed. */
export const ACCOUNTING_PUSH_TRIGGERS = ['ON_PLACING', 'ON_COMPLETION'] as const;
export const AccountingPushTrigger = z.enum(ACCOUNTING_PUSH_TRIGGERS);
export type AccountingPushTrigger = z.infer<typeof AccountingPushTrigger>;

const accountCode = z.string().trim().min(1).max(50).nullable();

/**
 * Where Tradeport's amounts land in the books: accounts by their code, tax rates by the provider's
 * id for them (Xero's TaxType). Null: not chosen yet; nothing is sent until the sales account and
 * both tax rates are.
 */
export const AccountingMapping = z.object({
  sales_account_code: accountCode,
  freight_account_code: accountCode,
  surcharge_account_code: accountCode,
  /** Where each payment method's money is received (a bank or clearing account); absent: not sent. */
  payment_account_codes: z.partialRecord(PaymentMethod, z.string().trim().min(1).max(50)),
  /** The provider's tax rate for lines charged GST, and for GST-free lines. */
  gst_tax_id: z.string().trim().min(1).max(100).nullable(),
  gst_free_tax_id: z.string().trim().min(1).max(100).nullable(),
  push_on: AccountingPushTrigger,
});
export type AccountingMapping = z.infer<typeof AccountingMapping>;

export const EMPTY_ACCOUNTING_MAPPING: AccountingMapping = {
  sales_account_code: null,
  freight_account_code: null,
  surcharge_account_code: null,
  payment_account_codes: {},
  gst_tax_id: null,
  gst_free_tax_id: null,
  push_on: 'ON_PLACING',
};

/** What must be chosen before anything is sent: the sales account and both tax rates. */
export const isMappingComplete = (mapping: AccountingMapping) =>
  mapping.sales_account_code !== null && mapping.gst_tax_id !== null && mapping.gst_free_tax_id !== null;

export const AccountingConnection = z.object({
  provider: AccountingProvider,
  /**
   * The server has this provider's client id and secret (and the token key). False: the screen
   * says the integration is not set up on this installation instead of offering to connect.
   */
  is_set_up: z.boolean(),
  status: AccountingConnectionStatus,
  /** The organisation synced to, once chosen. */
  tenant: AccountingTenant.nullable(),
  /** While CHOOSING_TENANT: the organisations the login reaches. */
  tenants: z.array(AccountingTenant),
  connected_at: z.iso.datetime({ offset: true }).nullable(),
  connected_by: z.string().nullable(),
  mapping: AccountingMapping,
  /** The connection's version, for the next change (null while never connected). */
  version: z.number().int().nullable(),
});
export type AccountingConnection = z.infer<typeof AccountingConnection>;

export const AccountingConnectStart = z.object({
  /** The provider's consent page: send the browser there (a full-page navigation). */
  url: z.url(),
});

export const AccountingOAuthInput = z.object({
  code: z.string().trim().min(1, 'The provider sent no code').max(2_000),
  state: z.string().trim().min(1, 'The provider sent no state').max(2_000),
  /**
   * The books the consent page named beside the code: QuickBooks' `realmId` (its company), MYOB's
   * `businessId` (its company file). Xero names none: its grant's organisations are listed.
   */
  realm_id: z.string().trim().max(200).optional(),
});

export const AccountingTenantInput = z.object({
  tenant_id: z.string().trim().min(1, 'Choose an organisation').max(200),
  version: z.number().int().min(1),
});

export const AccountingMappingInput = AccountingMapping.extend({ version: z.number().int().min(1) });

/** The books' accounts and tax rates, read from the provider now, for the mapping's pickers. */
export const AccountingBooks = z.object({
  accounts: z.array(
    z.object({ code: z.string(), name: z.string(), use: z.enum(['REVENUE', 'PAYMENTS', 'OTHER']) }),
  ),
  tax_rates: z.array(z.object({ id: z.string(), name: z.string(), rate_percent: z.number() })),
});
export type AccountingBooks = z.infer<typeof AccountingBooks>;

export const AccountingDisconnectInput = z.object({ version: z.number().int().min(1) });

/** The path the provider's consent page returns the browser to, as the app's route. */
export const accountingSettingsRoute = (provider: AccountingProvider) => `/${provider}/settings` as const;

/** Every endpoint of one provider, under `/{provider}/organisation/{id}/settings`. */
export function accountingEndpoints(provider: AccountingProvider) {
  const name = ACCOUNTING_PROVIDER_NAMES[provider];
  const base = `/${provider}/organisation/{id}/settings`;
  const tags = [provider];
  return {
    getConnection: defineEndpoint({
      method: 'GET',
      path: base,
      summary: `The merchant’s ${name} connection`,
      description: `Merchant Admins. Answers \`is_set_up: false\` when the server has no ${name} keys. Never carries tokens.`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      response: AccountingConnection,
    }),
    startConnect: defineEndpoint({
      method: 'POST',
      path: `${base}/connect`,
      summary: `Start connecting ${name}: the address of its consent page`,
      description: `Merchant Admins. ${name} returns the browser to \`${accountingSettingsRoute(provider)}?code=…&state=…\`, whose screen completes the connection. 409 ACCOUNTING_NOT_SET_UP without ${name} keys.`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      response: AccountingConnectStart,
    }),
    completeConnect: defineEndpoint({
      method: 'POST',
      path: `${base}/oauth`,
      summary: `Complete connecting ${name} with the code its consent page returned`,
      description:
        'Merchant Admins, the same person who started it, within 15 minutes (the state says so; 400 on `state` otherwise). One organisation reached: CONNECTED to it; several: CHOOSING_TENANT. 400 on `code` when the provider refuses it (used, expired); 503 when the provider does not answer.',
      tags,
      auth: 'user',
      params: OrganisationParams,
      body: AccountingOAuthInput,
      response: AccountingConnection,
    }),
    chooseTenant: defineEndpoint({
      method: 'PUT',
      path: `${base}/tenant`,
      summary: `Choose which ${name} ${ACCOUNTING_TENANT_WORDS[provider]} to sync to`,
      description: `Merchant Admins. One of the connection’s \`tenants\` (400 on \`tenant_id\` otherwise); a stale version is 409.`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      body: AccountingTenantInput,
      response: AccountingConnection,
    }),
    saveMapping: defineEndpoint({
      method: 'PUT',
      path: base,
      summary: `Map sales, freight, surcharges, payment methods and GST onto the ${name} books`,
      description: `Merchant Admins, while CONNECTED (409 otherwise). Each account code and tax rate must be in the books as ${name} has them now, and fit its use (payments into an account that takes them): 400 on the field otherwise. A stale version is 409.`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      body: AccountingMappingInput,
      response: AccountingConnection,
    }),
    getBooks: defineEndpoint({
      method: 'GET',
      path: `${base}/books`,
      summary: `The ${name} books’ accounts and tax rates, for the mapping`,
      description: `Merchant Admins, while CONNECTED (409 otherwise). Read from ${name} on each request; 503 when it does not answer.`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      response: AccountingBooks,
    }),
    disconnect: defineEndpoint({
      method: 'POST',
      path: `${base}/disconnect`,
      summary: `Disconnect ${name}: revoke the tokens and forget them`,
      description: `Merchant Admins. Revokes the tokens at ${name} (a refusal there, such as tokens already revoked, still disconnects) and deletes them here. A stale version is 409.`,
      tags,
      auth: 'user',
      params: OrganisationParams,
      body: AccountingDisconnectInput,
      response: AccountingConnection,
    }),
  };
}

/**
 * Each served provider's endpoints, made once: the server registers these very objects and the
 * endpoint list below names them, so every one is checked as registered.
 */
export const ACCOUNTING_ENDPOINTS = {
  xero: accountingEndpoints('xero'),
  quickbooks: accountingEndpoints('quickbooks'),
  myob: accountingEndpoints('myob'),
} as const;
export type ServedAccountingProvider = keyof typeof ACCOUNTING_ENDPOINTS;

export const {
  getConnection: getXeroConnection,
  startConnect: startXeroConnect,
  completeConnect: completeXeroConnect,
  chooseTenant: chooseXeroTenant,
  saveMapping: saveXeroMapping,
  getBooks: getXeroBooks,
  disconnect: disconnectXero,
} = ACCOUNTING_ENDPOINTS.xero;
