import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { AccountingConnection, AccountingProvider } from '@tradeport/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  answerMyobConsentPage,
  type MyobStandIn,
  startMyobStandIn,
} from '../../integrations/accounting/myob/testing/myob-stand-in.ts';
import {
  answerQuickBooksConsentPage,
  type QuickBooksStandIn,
  startQuickBooksStandIn,
} from '../../integrations/accounting/quickbooks/testing/quickbooks-stand-in.ts';
import {
  answerXeroConsentPage,
  startXeroStandIn,
  type XeroStandIn,
} from '../../integrations/accounting/xero/testing/xero-stand-in.ts';
import { decryptToken } from '../../integrations/accounting/token-crypto.ts';
import { accountingConnections } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';

// An app set up for one accounting provider against its stand-in, and a merchant's Admin
// connecting through it over HTTP as the settings screen does: connect, the consent page, the
// code, state and (QuickBooks' realmId, MYOB's businessId) the books it named posted back.

type StandIns = { xero: XeroStandIn; quickbooks: QuickBooksStandIn; myob: MyobStandIn };

/** What a consent page offers: one set of books, or the first of several. */
type ConsentAnswer = { allow?: boolean; choose?: string };

/** Each provider's stand-in, its consent page, what its redirect names the books by, and new books. */
const STAND_INS: { [P in AccountingProvider]: StandInKind<StandIns[P]> } = {
  xero: {
    start: () => startXeroStandIn(),
    answer: (url, { allow, choose }) =>
      answerXeroConsentPage(url, { allow, tenantIds: choose ? [choose] : undefined }),
    realmParameter: null,
    newBooks(standIn, name) {
      const tenantId = randomUUID();
      standIn.setTenants([{ tenantId, tenantName: name }]);
      return tenantId;
    },
  },
  quickbooks: {
    start: () => startQuickBooksStandIn(),
    answer: (url, { allow, choose }) => answerQuickBooksConsentPage(url, { allow, realmId: choose }),
    realmParameter: 'realmId',
    newBooks(standIn, name) {
      const realmId = `9130${String(randomInt(1e12)).padStart(12, '0')}`;
      standIn.setCompanies([{ realmId, companyName: name }]);
      return realmId;
    },
  },
  myob: {
    start: ({ myobCallsPerSecond }) => startMyobStandIn({ callsPerSecond: myobCallsPerSecond }),
    answer: (url, { allow, choose }) => answerMyobConsentPage(url, { allow, businessId: choose }),
    realmParameter: 'businessId',
    newBooks(standIn, name) {
      const id = randomUUID();
      standIn.setCompanyFiles([{ id, name }]);
      return id;
    },
  },
};

/** MYOB's limit on the API key at its stand-in and the app's pace (8 calls a second unless said). */
export type WorldOptions = { myobCallsPerSecond?: number };

type StandInKind<S> = {
  start(options: WorldOptions): Promise<S>;
  answer(authorizeUrl: string, options: ConsentAnswer): Promise<URL>;
  /** The redirect's parameter naming the books consent was given for (posted as `realm_id`). */
  realmParameter: string | null;
  /** Books of their own that the next consent offers, alone: their id. */
  newBooks(standIn: S, name: string): string;
};

export type AccountingWorld<P extends AccountingProvider = AccountingProvider> = {
  provider: P;
  standIn: StandIns[P];
  t: TestApp;
  /** Books of their own (named `name`) that the next consent offers, alone: their id. */
  newBooks(name?: string): string;
  close(): Promise<void>;
};

export async function openAccountingWorld<P extends AccountingProvider>(
  provider: P,
  options: WorldOptions = {},
): Promise<AccountingWorld<P>> {
  const kind = STAND_INS[provider] as StandInKind<StandIns[P]>;
  const standIn = await kind.start(options);
  const t = await createTestApp(
    { ...standIn.env, ACCOUNTING_TOKEN_KEY: randomBytes(32).toString('base64') },
    { myobCallsPerSecond: options.myobCallsPerSecond },
  );
  return {
    provider,
    standIn,
    t,
    newBooks: (name = `Books ${randomUUID().slice(0, 6)}`) => kind.newBooks(standIn, name),
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}

export type XeroWorld = AccountingWorld<'xero'>;
export const openXeroWorld = () => openAccountingWorld('xero');

/** `/{provider}/organisation/{id}`: the links live under it, the connection under its `settings`. */
export const providerPath = (provider: AccountingProvider, merchantId: string) =>
  `/${provider}/organisation/${merchantId}`;
export const settingsPath = (provider: AccountingProvider, merchantId: string) =>
  `${providerPath(provider, merchantId)}/settings`;
export const xeroSettingsPath = (merchantId: string) => settingsPath('xero', merchantId);

export function accountingKit<P extends AccountingProvider>(world: () => AccountingWorld<P>) {
  const kit = customerTestKit(() => world().t);
  const settings = (merchantId: string) => settingsPath(world().provider, merchantId);

  /**
   * Connect → the provider's consent page (allowed unless said; the books `choose` names, else the
   * first offered) → back with its code, state and, where the provider names them, the books.
   */
  async function consent(merchantId: string, headers: Headers, options: ConsentAnswer = {}) {
    const started = await kit.api('POST', `${settings(merchantId)}/connect`, headers);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json<{ url: string }>().url);
    const kind = STAND_INS[world().provider] as StandInKind<StandIns[P]>;
    const back = await kind.answer(url.toString(), options);
    const realmId = kind.realmParameter ? back.searchParams.get(kind.realmParameter) : null;
    return {
      url,
      back,
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
      /** What the settings screen posts back beside the code: only what the redirect named. */
      ...(realmId ? { realm_id: realmId } : {}),
    };
  }

  const complete = (merchantId: string, headers: Headers, body: object) =>
    kit.api('POST', `${settings(merchantId)}/oauth`, headers, body);

  /** A new merchant whose Admin has connected the books the consent page offers first. */
  async function connectedMerchant() {
    const { merchant, admin } = await kit.newMerchant();
    const { code, state, realm_id } = await consent(merchant.id, admin.headers);
    const done = await complete(merchant.id, admin.headers, { code, state, realm_id });
    expect(done.statusCode, done.body).toBe(200);
    const connection = done.json<AccountingConnection>();
    return { merchant, admin, connection, version: connection.version! };
  }

  /** The merchant's tokens as the provider issued them (decrypted): what no answer may carry. */
  async function storedTokens(merchantId: string) {
    const { provider, t } = world();
    const [row] = await t.database.db
      .select()
      .from(accountingConnections)
      .where(
        and(eq(accountingConnections.merchantId, merchantId), eq(accountingConnections.provider, provider)),
      );
    const key = t.deps.config.accounting!.tokenKey;
    const bound = `${merchantId}:${provider}`;
    return [row!.accessTokenEncrypted!, row!.refreshTokenEncrypted!].map((stored) =>
      decryptToken(key, stored, bound),
    );
  }

  return { ...kit, settings, consent, complete, connectedMerchant, storedTokens };
}

export const xeroKit = (world: () => XeroWorld) => accountingKit(world);
