import {
  ACCOUNTING_PROVIDER_NAMES,
  ACCOUNTING_TENANT_WORDS,
  type AccountingBooks,
  type AccountingConnection,
  type AccountingMapping,
  type AccountingProvider,
  accountingSettingsRoute,
  EMPTY_ACCOUNTING_MAPPING,
} from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import { ProviderRefusedError } from '../../integrations/accounting/accounting-errors.ts';
import type { AccountingProviderClient } from '../../integrations/accounting/accounting-provider.ts';
import { decryptToken, encryptToken, TokenDecryptError } from '../../integrations/accounting/token-crypto.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import {
  type ConnectionRow,
  findConnection,
  saveConnection,
  saveConnectionAt,
} from './accounting-connections.queries.ts';
import { unavailable } from './accounting-books.ts';
import { mappingIssues } from './accounting-mapping.ts';
import { createAccountingSyncHealth } from './accounting-sync-health.service.ts';
import { checkConnectState, codeChallengeOf, codeVerifierOf, makeConnectState } from './oauth-state.ts';

// A merchant's connection to its accounting software (issue 13; SPEC §2 /xero/settings and its
// siblings): connect through the provider's consent page (PKCE), choose the books when the grant
// reaches several, disconnect (revoking the grant), and a current access token for the sync,
// refreshed before it expires, once however many ask at the same moment. Merchant Admins only
// (the routes say so). Tokens are encrypted at rest and never leave this module.

/** A token this close to expiring is refreshed before use, so a call never starts with a dying one. */
export const REFRESH_MARGIN_MS = 60_000;

type Deps = Pick<AppDeps, 'database' | 'config' | 'accounting' | 'now' | 'jobs'>;

export const accountingNotSetUp = (provider: AccountingProvider) => {
  const name = ACCOUNTING_PROVIDER_NAMES[provider];
  return new AppError(
    'ACCOUNTING_NOT_SET_UP',
    `${name} is not set up on this server: it needs its ${name} client id and secret, and ACCOUNTING_TOKEN_KEY.`,
  );
};

/** The provider's refusal or silence, as the API answers it. */
function fromProvider(error: unknown, provider: AccountingProvider, field: string): unknown {
  const name = ACCOUNTING_PROVIDER_NAMES[provider];
  if (error instanceof ProviderRefusedError) {
    const message = `${name} did not accept this connection (${error.message}). Connect again.`;
    return new AppError('VALIDATION_ERROR', message, [{ path: field, message }]);
  }
  return unavailable(error, name) ?? error;
}

export function toAccountingConnection(
  provider: AccountingProvider,
  row: ConnectionRow | undefined,
  isSetUp: boolean,
): AccountingConnection {
  const status = row?.status ?? 'NOT_CONNECTED';
  return {
    provider,
    is_set_up: isSetUp,
    status,
    tenant: row?.tenantId && row.tenantName ? { id: row.tenantId, name: row.tenantName } : null,
    tenants: status === 'CHOOSING_TENANT' ? (row?.tenantChoices ?? []) : [],
    connected_at: status === 'NOT_CONNECTED' ? null : (row?.connectedAt?.toISOString() ?? null),
    connected_by: status === 'NOT_CONNECTED' ? null : (row?.connectedByName ?? null),
    mapping: row?.mapping ?? EMPTY_ACCOUNTING_MAPPING,
    version: row?.version ?? null,
  };
}

export function createAccountingConnections(deps: Deps) {
  const { db } = deps.database;
  const syncHealth = createAccountingSyncHealth(deps);
  const isSetUp = (provider: AccountingProvider) =>
    deps.accounting[provider] !== undefined && deps.config.accounting !== undefined;

  function setUp(provider: AccountingProvider): { client: AccountingProviderClient; key: Buffer } {
    const client = deps.accounting[provider];
    const key = deps.config.accounting?.tokenKey;
    if (!client || !key) throw accountingNotSetUp(provider);
    return { client, key };
  }

  const redirectUri = (provider: AccountingProvider) =>
    new URL(accountingSettingsRoute(provider), deps.config.appUrl).toString();
  // Each token is bound to its merchant and provider: a row's tokens copied onto another do not decrypt.
  const boundTo = (merchantId: string, provider: AccountingProvider) => `${merchantId}:${provider}`;

  async function answer(merchantId: string, provider: AccountingProvider) {
    return toAccountingConnection(
      provider,
      await findConnection(db, merchantId, provider),
      isSetUp(provider),
    );
  }

  /**
   * A working access token for the sync, and the books to call. Refreshed when it expires within
   * REFRESH_MARGIN_MS, under the connection row's lock, so of several callers at once only the
   * first refreshes (providers rotate refresh tokens: a second refresh with the old one would be
   * refused) and the rest read what it saved. A grant the provider refuses marks the connection
   * NEEDS_RECONNECT.
   */
  async function accessToken(
    merchantId: string,
    provider: AccountingProvider,
  ): Promise<{ token: string; tenantId: string }> {
    const { client, key } = setUp(provider);
    const bound = boundTo(merchantId, provider);
    const result = await db.transaction(async (tx: Db) => {
      const row = await findConnection(tx, merchantId, provider, { forUpdate: true });
      if (
        row?.status !== 'CONNECTED' ||
        !row.tenantId ||
        !row.accessTokenEncrypted ||
        !row.refreshTokenEncrypted
      ) {
        return { kind: 'not-connected' as const };
      }
      const expiresAt = row.accessTokenExpiresAt?.getTime() ?? 0;
      if (expiresAt - deps.now().getTime() > REFRESH_MARGIN_MS) {
        return {
          kind: 'token' as const,
          token: decryptToken(key, row.accessTokenEncrypted, bound),
          tenantId: row.tenantId,
        };
      }
      try {
        const tokens = await client.refresh(decryptToken(key, row.refreshTokenEncrypted, bound));
        await saveConnection(tx, {
          merchantId,
          provider,
          now: deps.now(),
          isTokenRefresh: true,
          change: {
            accessTokenEncrypted: encryptToken(key, tokens.accessToken, bound),
            refreshTokenEncrypted: encryptToken(key, tokens.refreshToken, bound),
            accessTokenExpiresAt: tokens.expiresAt,
            scope: tokens.scope ?? row.scope,
          },
        });
        return { kind: 'token' as const, token: tokens.accessToken, tenantId: row.tenantId };
      } catch (error) {
        if (!(error instanceof ProviderRefusedError && error.isGrantInvalid)) throw error;
        await saveConnection(tx, {
          merchantId,
          provider,
          now: deps.now(),
          change: { status: 'NEEDS_RECONNECT' },
        });
        return { kind: 'grant-invalid' as const };
      }
    });
    const name = ACCOUNTING_PROVIDER_NAMES[provider];
    if (result.kind === 'not-connected') throw conflict(`${name} is not connected.`);
    if (result.kind === 'grant-invalid') {
      throw new ProviderRefusedError(`${name} no longer accepts this connection: connect again`, 401, true);
    }
    return { token: result.token, tenantId: result.tenantId };
  }

  /** The books as the provider has them now (a token refreshed if need be); provider failures as the API answers them. */
  async function readBooks(merchantId: string, provider: AccountingProvider) {
    const { client } = setUp(provider);
    try {
      const { token, tenantId } = await accessToken(merchantId, provider);
      const call = { accessToken: token, tenantId };
      const [accounts, taxRates] = await Promise.all([client.listAccounts(call), client.listTaxRates(call)]);
      return { accounts, taxRates };
    } catch (error) {
      if (error instanceof ProviderRefusedError && error.isGrantInvalid) {
        throw conflict(
          `${ACCOUNTING_PROVIDER_NAMES[provider]} no longer accepts the connection: connect again.`,
        );
      }
      throw fromProvider(error, provider, 'mapping');
    }
  }

  return {
    get: answer,
    accessToken,

    async books(merchantId: string, provider: AccountingProvider): Promise<AccountingBooks> {
      const { accounts, taxRates } = await readBooks(merchantId, provider);
      return {
        accounts,
        tax_rates: taxRates.map((rate) => ({ id: rate.id, name: rate.name, rate_percent: rate.ratePercent })),
      };
    },

    async saveMapping(options: {
      merchantId: string;
      provider: AccountingProvider;
      mapping: AccountingMapping;
      version: number;
    }): Promise<AccountingConnection> {
      const { merchantId, provider } = options;
      const books = await readBooks(merchantId, provider);
      const issues = mappingIssues(options.mapping, books);
      if (issues.length > 0) {
        throw new AppError('VALIDATION_ERROR', issues.map((issue) => issue.message).join('. '), issues);
      }
      const isSaved = await saveConnectionAt(db, {
        merchantId,
        provider,
        version: options.version,
        now: deps.now(),
        change: { mapping: options.mapping },
      });
      if (!isSaved) throw conflict('The settings changed meanwhile. Reload them and save again.');
      return answer(merchantId, provider);
    },

    async startConnect(options: { merchantId: string; userId: string; provider: AccountingProvider }) {
      const { client, key } = setUp(options.provider);
      const row = await findConnection(db, options.merchantId, options.provider);
      if (row?.status === 'CONNECTED') {
        throw conflict(
          `${ACCOUNTING_PROVIDER_NAMES[options.provider]} is already connected. Disconnect it first to connect other books.`,
        );
      }
      const state = makeConnectState(key, { ...options, now: deps.now() });
      const url = client.consentUrl({
        state,
        redirectUri: redirectUri(options.provider),
        codeChallenge: codeChallengeOf(codeVerifierOf(key, state)),
      });
      return { url: url.toString() };
    },

    async completeConnect(options: {
      merchantId: string;
      userId: string;
      provider: AccountingProvider;
      code: string;
      state: string;
      /** The books the consent page named (QuickBooks' realmId, MYOB's businessId), if it did. */
      realmId?: string;
    }): Promise<AccountingConnection> {
      const { merchantId, provider } = options;
      const { client, key } = setUp(provider);
      checkConnectState(key, options.state, {
        merchantId,
        userId: options.userId,
        provider,
        now: deps.now(),
      });
      let tokens;
      let tenants;
      try {
        tokens = await client.exchangeCode({
          code: options.code,
          redirectUri: redirectUri(provider),
          codeVerifier: codeVerifierOf(key, options.state),
        });
        tenants = await client.listTenants(tokens.accessToken, { realmId: options.realmId || undefined });
      } catch (error) {
        throw fromProvider(error, provider, 'code');
      }
      if (tenants.length === 0) {
        const message = `The ${ACCOUNTING_PROVIDER_NAMES[provider]} login gave access to no ${ACCOUNTING_TENANT_WORDS[provider]}. Connect again and choose one.`;
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'code', message }]);
      }
      const previous = await findConnection(db, merchantId, provider);
      // Reconnecting keeps the books it synced to when the grant still reaches them.
      const chosen =
        tenants.find((tenant) => tenant.id === previous?.tenantId) ??
        (tenants.length === 1 ? tenants[0] : undefined);
      const bound = boundTo(merchantId, provider);
      await saveConnection(db, {
        merchantId,
        provider,
        now: deps.now(),
        change: {
          status: chosen ? 'CONNECTED' : 'CHOOSING_TENANT',
          tenantId: chosen?.id ?? null,
          tenantName: chosen?.name ?? null,
          tenantChoices: chosen ? [] : tenants,
          accessTokenEncrypted: encryptToken(key, tokens.accessToken, bound),
          refreshTokenEncrypted: encryptToken(key, tokens.refreshToken, bound),
          accessTokenExpiresAt: tokens.expiresAt,
          scope: tokens.scope,
          connectedByUserId: options.userId,
          connectedAt: deps.now(),
        },
      });
      // What failed while the books could not be reached (not connected, consent withdrawn) goes now.
      if (chosen) await syncHealth.retryFailed({ merchantId, provider });
      return answer(merchantId, provider);
    },

    async chooseTenant(options: {
      merchantId: string;
      provider: AccountingProvider;
      tenantId: string;
      version: number;
    }): Promise<AccountingConnection> {
      const { merchantId, provider } = options;
      setUp(provider);
      const row = await findConnection(db, merchantId, provider);
      const tenant =
        row?.status === 'CHOOSING_TENANT'
          ? row.tenantChoices.find((t) => t.id === options.tenantId)
          : undefined;
      if (!tenant) {
        const message = `Choose one of the ${ACCOUNTING_TENANT_WORDS[provider]}s this login gave access to.`;
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'tenant_id', message }]);
      }
      const isSaved = await saveConnectionAt(db, {
        merchantId,
        provider,
        version: options.version,
        now: deps.now(),
        change: { status: 'CONNECTED', tenantId: tenant.id, tenantName: tenant.name, tenantChoices: [] },
      });
      if (!isSaved) throw conflict('The connection changed meanwhile. Reload it and choose again.');
      await syncHealth.retryFailed({ merchantId, provider });
      return answer(merchantId, provider);
    },

    async disconnect(options: {
      merchantId: string;
      provider: AccountingProvider;
      version: number;
    }): Promise<AccountingConnection> {
      const { merchantId, provider } = options;
      const { client, key } = setUp(provider);
      const row = await findConnection(db, merchantId, provider);
      if (!row || row.version !== options.version) {
        throw conflict('The connection changed meanwhile. Reload it and try again.');
      }
      if (row.refreshTokenEncrypted) {
        try {
          await client.revoke(decryptToken(key, row.refreshTokenEncrypted, boundTo(merchantId, provider)));
        } catch (error) {
          // Refused (already revoked there) is what disconnecting wanted, as is a token no longer
          // readable (the key changed); silence is not: the grant would stay alive at the
          // provider, so the merchant is asked to try again.
          if (!(error instanceof ProviderRefusedError) && !(error instanceof TokenDecryptError)) {
            throw fromProvider(error, provider, 'version');
          }
        }
      }
      const isSaved = await saveConnectionAt(db, {
        merchantId,
        provider,
        version: options.version,
        now: deps.now(),
        change: {
          status: 'NOT_CONNECTED',
          tenantChoices: [],
          accessTokenEncrypted: null,
          refreshTokenEncrypted: null,
          accessTokenExpiresAt: null,
          scope: null,
        },
      });
      if (!isSaved) throw conflict('The connection changed meanwhile. Reload it and try again.');
      return answer(merchantId, provider);
    },
  };
}
