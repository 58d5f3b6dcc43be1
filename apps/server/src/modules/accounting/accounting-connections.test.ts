import { type AccountingConnection, EMPTY_ACCOUNTING_MAPPING } from '@tradeport/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderRefusedError } from '../../integrations/accounting/accounting-errors.ts';
import { DEFAULT_XERO_TENANT } from '../../integrations/accounting/xero/testing/xero-stand-in.ts';
import { accountingConnections } from '../../platform/db/schema/index.ts';
import { createTestApp } from '../../testing/index.ts';
import { customerTestKit, type Headers } from '../customers/customers.testing.ts';
import { createAccountingConnections } from './accounting-connections.service.ts';
import { IDLE_DAYS, keepTokensAlive } from './accounting-token-keepalive.job.ts';
import { openXeroWorld, type XeroWorld, xeroKit, xeroSettingsPath } from './accounting.testing.ts';

// xero/organisation/{id}/settings… over HTTP against the Xero stand-in: connecting through its
// consent page with PKCE, choosing the organisation, tokens encrypted and never answered, the
// access token refreshed once however many ask at once, a grant withdrawn at Xero, disconnecting.

let world: XeroWorld;
beforeAll(async () => {
  world = await openXeroWorld();
});
afterAll(() => world?.close());

const kit = xeroKit(() => world);
const settings = xeroSettingsPath;
const { consent, complete, connectedMerchant: connected } = kit;

async function connection(merchantId: string, headers: Headers) {
  const response = await kit.api('GET', settings(merchantId), headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountingConnection>();
}

const row = async (merchantId: string) =>
  (
    await world.t.database.db
      .select()
      .from(accountingConnections)
      .where(
        and(eq(accountingConnections.merchantId, merchantId), eq(accountingConnections.provider, 'xero')),
      )
  )[0];

describe('connecting Xero', () => {
  it('goes through the consent page with PKCE and connects the one organisation the login reaches', async () => {
    const { merchant, admin } = await kit.newMerchant();
    expect(await connection(merchant.id, admin.headers)).toEqual({
      provider: 'xero',
      is_set_up: true,
      status: 'NOT_CONNECTED',
      tenant: null,
      tenants: [],
      connected_at: null,
      connected_by: null,
      mapping: EMPTY_ACCOUNTING_MAPPING,
      version: null,
    });

    const { url, back, code, state } = await consent(merchant.id, admin.headers);
    expect(url.origin).toBe(world.standIn.url);
    expect(url.pathname).toBe('/identity/connect/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://tradeport.test/xero/settings');
    expect(url.searchParams.get('scope')).toContain('offline_access');
    expect(back.pathname).toBe('/xero/settings');

    const done = await complete(merchant.id, admin.headers, { code, state });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'CONNECTED',
      tenant: { id: DEFAULT_XERO_TENANT.tenantId, name: DEFAULT_XERO_TENANT.tenantName },
      tenants: [],
      connected_by: 'Ada Admin',
      version: 1,
    });
    // Tokens stay on the server, encrypted: no answer carries them, no column holds them readable.
    const stored = (await row(merchant.id))!;
    expect(stored.accessTokenEncrypted).toMatch(/^v1\./);
    expect(stored.refreshTokenEncrypted).toMatch(/^v1\./);
    // Not /eyJ/ (a JWT's start) here: random ciphertext in base64 holds those letters now and then.
    const encrypted = `${stored.accessTokenEncrypted}${stored.refreshTokenEncrypted}`;
    const issued = world.standIn.issuedTokens();
    expect(issued.length).toBeGreaterThanOrEqual(2);
    for (const token of issued) expect(encrypted).not.toContain(token);
    expect(done.body).not.toMatch(/token|eyJ/i);
    expect((await kit.api('GET', settings(merchant.id), admin.headers)).body).not.toMatch(/eyJ/);
  });

  it('accepts a code only with its own state: not another person’s, not twice, not after cancelling', async () => {
    const { merchant, admin } = await kit.newMerchant();
    const colleague = await kit.memberOf(merchant.id, 'Admin');
    const { code, state } = await consent(merchant.id, admin.headers);

    const theirs = await complete(merchant.id, colleague.headers, { code, state });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().details).toEqual([expect.objectContaining({ path: 'state' })]);
    const forged = await complete(merchant.id, admin.headers, { code, state: `${state}x` });
    expect(forged.json().details).toEqual([expect.objectContaining({ path: 'state' })]);

    expect((await complete(merchant.id, admin.headers, { code, state })).statusCode).toBe(200);
    const again = await complete(merchant.id, admin.headers, { code, state });
    expect(again.statusCode).toBe(400);
    expect(again.json().details).toEqual([expect.objectContaining({ path: 'code' })]);

    const other = await kit.newMerchant();
    const cancelled = await consent(other.merchant.id, other.admin.headers, { allow: false });
    expect(cancelled.back.searchParams.get('error')).toBe('access_denied');
    expect((await connection(other.merchant.id, other.admin.headers)).status).toBe('NOT_CONNECTED');
  });

  it('asks which organisation when the login reaches several, and keeps to those', async () => {
    const tenants = [
      { tenantId: 'a1b2c3d4-0000-4000-8000-000000000001', tenantName: 'Harbourside Trading' },
      { tenantId: 'a1b2c3d4-0000-4000-8000-000000000002', tenantName: 'Harbourside Holdings' },
    ];
    world.standIn.setTenants(tenants);
    try {
      const { merchant, admin } = await kit.newMerchant();
      const { code, state } = await consent(merchant.id, admin.headers);
      const choosing = (
        await complete(merchant.id, admin.headers, { code, state })
      ).json<AccountingConnection>();
      expect(choosing).toMatchObject({ status: 'CHOOSING_TENANT', tenant: null });
      expect(choosing.tenants).toEqual(tenants.map((x) => ({ id: x.tenantId, name: x.tenantName })));

      const tenant = (body: object) => kit.api('PUT', `${settings(merchant.id)}/tenant`, admin.headers, body);
      const unknown = await tenant({ tenant_id: DEFAULT_XERO_TENANT.tenantId, version: choosing.version });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().details).toEqual([expect.objectContaining({ path: 'tenant_id' })]);
      const stale = await tenant({ tenant_id: tenants[1]!.tenantId, version: choosing.version! + 1 });
      expect(stale.statusCode).toBe(409);
      const chosen = await tenant({ tenant_id: tenants[1]!.tenantId, version: choosing.version });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json()).toMatchObject({
        status: 'CONNECTED',
        tenant: { id: tenants[1]!.tenantId, name: 'Harbourside Holdings' },
        tenants: [],
      });
    } finally {
      world.standIn.setTenants([DEFAULT_XERO_TENANT]);
    }
  });
});

describe('the access token', () => {
  const service = () => createAccountingConnections(world.t.deps);
  const expireAccessToken = (merchantId: string) =>
    world.t.database.db
      .update(accountingConnections)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(accountingConnections.merchantId, merchantId));

  it('is refreshed once when several ask for it at the same moment, and works at Xero', async () => {
    const { merchant } = await connected();
    const fresh = await service().accessToken(merchant.id, 'xero');
    expect(fresh.tenantId).toBe(DEFAULT_XERO_TENANT.tenantId);

    await expireAccessToken(merchant.id);
    const refreshesBefore = world.standIn.tokenRequests.refresh_token ?? 0;
    const tokens = await Promise.all(
      Array.from({ length: 5 }, () => service().accessToken(merchant.id, 'xero')),
    );
    // Xero rotates refresh tokens: a second refresh with the old one would have been refused.
    expect((world.standIn.tokenRequests.refresh_token ?? 0) - refreshesBefore).toBe(1);
    expect(new Set(tokens.map((token) => token.token)).size).toBe(1);
    expect(tokens[0]!.token).not.toBe(fresh.token);
    const reachable = await fetch(new URL('/connections', world.standIn.url), {
      headers: { authorization: `Bearer ${tokens[0]!.token}` },
    });
    expect(reachable.status).toBe(200);
  });

  it('marks the connection NEEDS_RECONNECT when Xero no longer accepts the grant', async () => {
    const { merchant, admin } = await connected();
    world.standIn.revokeAll();
    await expireAccessToken(merchant.id);
    const refused = await service()
      .accessToken(merchant.id, 'xero')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderRefusedError);
    expect((refused as ProviderRefusedError).isGrantInvalid).toBe(true);
    expect((await connection(merchant.id, admin.headers)).status).toBe('NEEDS_RECONNECT');

    // Connecting again mends it, to the same organisation.
    const { code, state } = await consent(merchant.id, admin.headers);
    expect((await complete(merchant.id, admin.headers, { code, state })).json()).toMatchObject({
      status: 'CONNECTED',
      tenant: { id: DEFAULT_XERO_TENANT.tenantId },
    });
  });
});

describe('disconnecting', () => {
  it('revokes the grant at Xero and forgets the tokens; a stale version is 409', async () => {
    const { merchant, admin, connection: before } = await connected();
    const grantsBefore = world.standIn.grants.filter((grant) => !grant.revokedAt).length;
    const disconnect = (version: number) =>
      kit.api('POST', `${settings(merchant.id)}/disconnect`, admin.headers, { version });

    expect((await disconnect(before.version! + 1)).statusCode).toBe(409);
    const done = await disconnect(before.version!);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'NOT_CONNECTED', connected_by: null });
    expect(world.standIn.grants.filter((grant) => !grant.revokedAt).length).toBe(grantsBefore - 1);
    expect(await row(merchant.id)).toMatchObject({ accessTokenEncrypted: null, refreshTokenEncrypted: null });
    // The sync can no longer get a token.
    await expect(createAccountingConnections(world.t.deps).accessToken(merchant.id, 'xero')).rejects.toThrow(
      /not connected/,
    );
  });
});

describe('who may', () => {
  it('refuses a User (403) and another merchant’s Admin (404), and answers 503 while Xero is down', async () => {
    const { merchant } = await kit.newMerchant();
    const user = await kit.memberOf(merchant.id, 'User');
    expect((await kit.api('GET', settings(merchant.id), user.headers)).statusCode).toBe(403);
    const stranger = await kit.newMerchant();
    expect(
      (await kit.api('POST', `${settings(merchant.id)}/connect`, stranger.admin.headers)).statusCode,
    ).toBe(404);

    const { merchant: mine, admin } = await kit.newMerchant();
    const { code, state } = await consent(mine.id, admin.headers);
    world.standIn.failNext(1, { status: 503 });
    // The code was exchanged; listing the organisations failed: connect again later.
    const down = await complete(mine.id, admin.headers, { code, state });
    expect(down.statusCode).toBe(503);
    expect(down.json().error_code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('an idle connection', () => {
  it('has its tokens refreshed before they lapse, and is left alone while in use', async () => {
    const { merchant } = await connected();
    const quiet = { warn() {}, error() {} };
    const before = (await row(merchant.id))!;
    const refreshes = world.standIn.tokenRequests.refresh_token!;
    const DAY = 24 * 60 * 60 * 1000;
    try {
      world.t.setNow(new Date(Date.now() + DAY));
      await keepTokensAlive(world.t.deps, quiet);
      expect((await row(merchant.id))!.accessTokenExpiresAt).toEqual(before.accessTokenExpiresAt);

      const later = new Date(Date.now() + (IDLE_DAYS + 1) * DAY);
      world.t.setNow(later);
      expect(await keepTokensAlive(world.t.deps, quiet)).toBeGreaterThanOrEqual(1);
      const after = (await row(merchant.id))!;
      expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(later.getTime());
      expect(after.refreshTokenEncrypted).not.toBe(before.refreshTokenEncrypted);
      expect(world.standIn.tokenRequests.refresh_token).toBeGreaterThan(refreshes);
      // The settings' version is the merchant's, not the tokens': a form open meanwhile still saves.
      expect(after.version).toBe(before.version);
    } finally {
      world.t.setNow(new Date());
    }
  });
});

describe('on a server without Xero keys', () => {
  it('says Xero is not set up, and refuses to connect with ACCOUNTING_NOT_SET_UP', async () => {
    const bare = await createTestApp();
    try {
      const bareKit = customerTestKit(() => bare);
      const { merchant, admin } = await bareKit.newMerchant();
      const read = await bareKit.api('GET', settings(merchant.id), admin.headers);
      expect(read.json()).toMatchObject({ is_set_up: false, status: 'NOT_CONNECTED' });
      const start = await bareKit.api('POST', `${settings(merchant.id)}/connect`, admin.headers);
      expect(start.statusCode).toBe(409);
      expect(start.json().error_code).toBe('ACCOUNTING_NOT_SET_UP');
    } finally {
      await bare.close();
    }
  });
});
