import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  connectToStandIn,
  pkce,
  REDIRECT_URI,
  tokenCall,
  type TokenAnswer,
  xeroCall,
} from './stand-in-test-client.ts';
import {
  answerXeroConsentPage,
  DEFAULT_XERO_TENANT,
  startXeroStandIn,
  type XeroStandIn,
} from './xero-stand-in.ts';

// The Xero stand-in's identity side over real HTTP: consent with PKCE, the token endpoint's
// refusals, refresh-token rotation with Xero's grace period, revocation, /connections, and the
// test's hands (the clock, failNext, the minute limit, consent withdrawn).

let standIn: XeroStandIn;
beforeEach(async () => {
  standIn = await startXeroStandIn();
});
afterEach(() => standIn.close());

const organisation = (token: string, tenantId: string | null = DEFAULT_XERO_TENANT.tenantId) =>
  xeroCall(standIn, token, 'GET', '/api.xro/2.0/Organisation', { tenantId });

describe('consent and the authorisation code (PKCE)', () => {
  it('shows the consent page, sends the person back with a code, and exchanges it for tokens', async () => {
    const { verifier, challenge } = pkce();
    const url = authorizeUrl(standIn, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 's-42',
    });
    const page = await (await fetch(url)).text();
    expect(page).toContain('<title>Connect Tradeport to Xero</title>');
    expect(page).toContain('<h1>Connect Tradeport to Xero</h1>');
    expect(page).toContain('Harbourside Wholesale Pty Ltd');
    expect(page).toMatch(/>Allow access<\/button>/);
    expect(page).toMatch(/>Cancel<\/button>/);

    const back = await answerXeroConsentPage(url);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('s-42');
    const answer = await tokenCall(standIn, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      expires_in: 1800,
      token_type: 'Bearer',
      scope: expect.stringContaining('offline_access'),
    });
    const tokens = answer.body as TokenAnswer;
    expect(tokens.access_token.split('.')).toHaveLength(3);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();
    expect(standIn.tokenRequests.authorization_code).toBe(1);

    const connections = await xeroCall(standIn, tokens.access_token, 'GET', '/connections');
    expect(connections.status).toBe(200);
    expect(connections.body).toEqual([
      expect.objectContaining({
        id: expect.any(String),
        authEventId: expect.any(String),
        tenantId: DEFAULT_XERO_TENANT.tenantId,
        tenantType: 'ORGANISATION',
        tenantName: 'Harbourside Wholesale Pty Ltd',
        createdDateUtc: expect.any(String),
        updatedDateUtc: expect.any(String),
      }),
    ]);
    const org = await organisation(tokens.access_token);
    expect(org.body.Organisations[0]).toMatchObject({
      Name: 'Harbourside Wholesale Pty Ltd',
      BaseCurrency: 'AUD',
    });
  });

  it('refuses a wrong verifier, a wrong redirect_uri, a wrong secret, a used code and an expired one', async () => {
    const { verifier, challenge } = pkce();
    const codeOf = async () =>
      (
        await answerXeroConsentPage(
          authorizeUrl(standIn, { code_challenge: challenge, code_challenge_method: 'S256' }),
        )
      ).searchParams.get('code')!;
    const exchange = (code: string, extra: Record<string, string> = {}, secret?: string) =>
      tokenCall(
        standIn,
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
          ...extra,
        },
        { secret },
      );

    expect(await exchange(await codeOf(), { code_verifier: pkce().verifier })).toEqual({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await exchange(await codeOf(), { redirect_uri: 'http://elsewhere.test/' })).toEqual({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await exchange(await codeOf(), {}, 'not-the-secret')).toEqual({
      status: 401,
      body: { error: 'invalid_client' },
    });

    const code = await codeOf();
    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect(await exchange(code)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    // A replayed code means it leaked: what it was first exchanged for is revoked.
    expect((await organisation(String(first.body.access_token))).status).toBe(401);

    const late = await codeOf();
    standIn.advanceClock(5 * 60_000 + 1);
    expect(await exchange(late)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('lets a public client (PKCE, no secret) exchange with client_id alone; no offline_access, no refresh token', async () => {
    const { verifier, challenge } = pkce();
    const scope = 'openid accounting.transactions';
    const back = await answerXeroConsentPage(
      authorizeUrl(standIn, { scope, code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: standIn.env.XERO_CLIENT_ID,
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    const answer = await fetch(new URL('/connect/token', standIn.url), { method: 'POST', body: form });
    const tokens = (await answer.json()) as TokenAnswer;
    expect(answer.status).toBe(200);
    expect(tokens).toMatchObject({ scope, token_type: 'Bearer' });
    expect(tokens.refresh_token).toBeUndefined();
  });

  it('sends a person who cancels back with access_denied, and refuses an unknown client', async () => {
    const back = await answerXeroConsentPage(authorizeUrl(standIn, { state: 's-9' }), { allow: false });
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 's-9' });
    const unknown = await fetch(authorizeUrl(standIn, { client_id: 'SOMEONE-ELSE' }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('unauthorized_client');
    await expect(answerXeroConsentPage(authorizeUrl(standIn, { client_id: 'SOMEONE-ELSE' }))).rejects.toThrow(
      /400/,
    );
  });
});

describe('tokens after consent', () => {
  it('rotates refresh tokens: a spent one answers the same pair within 30 minutes, then invalid_grant', async () => {
    const { tokens } = await connectToStandIn(standIn);
    const refresh = (token: string) =>
      tokenCall(standIn, { grant_type: 'refresh_token', refresh_token: token });
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(await refresh(tokens.refresh_token)).toEqual(first);

    const second = await refresh(String(first.body.refresh_token));
    expect(second.status).toBe(200);
    expect((await organisation(String(second.body.access_token))).status).toBe(200);
    standIn.advanceClock(30 * 60_000 + 1);
    expect(await refresh(tokens.refresh_token)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    expect(standIn.tokenRequests.refresh_token).toBe(4);
  });

  it('answers 401 TokenExpired once the access token has lived its 30 minutes', async () => {
    const { tokens } = await connectToStandIn(standIn);
    standIn.advanceClock(1800 * 1000 + 1);
    const expired = await organisation(tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ Type: null, Title: 'Unauthorized', Status: 401 });
    expect(expired.body.Detail).toMatch(/^TokenExpired: token expired at \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    const renewed = await tokenCall(standIn, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect((await organisation(String(renewed.body.access_token))).status).toBe(200);
  });

  it('revokes a refresh token and every access token of its chain', async () => {
    const { tokens } = await connectToStandIn(standIn);
    const renewed = await tokenCall(standIn, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    const revoked = await tokenCall(
      standIn,
      { token: String(renewed.body.refresh_token) },
      { path: '/connect/revocation' },
    );
    expect(revoked.status).toBe(200);
    expect((await organisation(tokens.access_token)).status).toBe(401);
    expect((await organisation(String(renewed.body.access_token))).body.Detail).toMatch(/^TokenExpired/);
    const refresh = await tokenCall(standIn, {
      grant_type: 'refresh_token',
      refresh_token: String(renewed.body.refresh_token),
    });
    expect(refresh).toEqual({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('stops every token when the organisation withdraws consent at Xero', async () => {
    const { tokens } = await connectToStandIn(standIn);
    standIn.revokeAll();
    expect((await organisation(tokens.access_token)).status).toBe(401);
    const refresh = await tokenCall(standIn, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.body).toEqual({ error: 'invalid_grant' });
  });
});

describe('connections and tenants', () => {
  const second = {
    tenantId: '0b6f7c1a-2d3e-4f50-9a8b-7c6d5e4f3a21',
    tenantName: 'Harbourside Retail Pty Ltd',
  };

  it('grants the organisations ticked, answers 403 for others, and forgets a deleted connection', async () => {
    standIn.setTenants([DEFAULT_XERO_TENANT, second]);
    const page = await (await fetch(authorizeUrl(standIn))).text();
    expect(page).toContain('Harbourside Retail Pty Ltd');
    const { tokens } = await connectToStandIn(standIn, { tenantIds: [second.tenantId] });
    const connections = await xeroCall(standIn, tokens.access_token, 'GET', '/connections');
    expect(connections.body.map((c: { tenantId: string }) => c.tenantId)).toEqual([second.tenantId]);

    const forbidden = await organisation(tokens.access_token, DEFAULT_XERO_TENANT.tenantId);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({
      Title: 'Forbidden',
      Status: 403,
      Detail: 'AuthenticationUnsuccessful',
    });
    expect((await organisation(tokens.access_token, null)).status).toBe(403);
    expect((await organisation(tokens.access_token, second.tenantId)).body.Organisations[0].Name).toBe(
      second.tenantName,
    );

    const deleted = await xeroCall(
      standIn,
      tokens.access_token,
      'DELETE',
      `/connections/${connections.body[0].id}`,
    );
    expect(deleted.status).toBe(204);
    expect((await organisation(tokens.access_token, second.tenantId)).status).toBe(403);
  });
});

describe("the test's hands", () => {
  it('fails the next calls as told (an outage, a scripted 429), then answers again', async () => {
    const { tokens, tenantId } = await connectToStandIn(standIn);
    standIn.failNext(2, { status: 503 });
    expect((await organisation(tokens.access_token, tenantId)).status).toBe(503);
    expect((await organisation(tokens.access_token, tenantId)).status).toBe(503);
    expect((await organisation(tokens.access_token, tenantId)).status).toBe(200);

    standIn.failNext(1, { status: 429, retryAfter: 7 });
    const limited = await organisation(tokens.access_token, tenantId);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.headers.get('x-rate-limit-problem')).toBe('minute');
  });

  it('answers the 61st call in a minute with 429 and Retry-After, and again once the minute has passed', async () => {
    const { tokens, tenantId } = await connectToStandIn(standIn);
    for (let call = 1; call <= 60; call += 1) {
      const answer = await organisation(tokens.access_token, tenantId);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-minlimit-remaining')).toBe(String(60 - call));
    }
    const limited = await organisation(tokens.access_token, tenantId);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-rate-limit-problem')).toBe('minute');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    standIn.advanceClock(60_000);
    expect((await organisation(tokens.access_token, tenantId)).status).toBe(200);
  });

  it('takes the limit from callsPerMinute, and logs each request', async () => {
    await standIn.close();
    standIn = await startXeroStandIn({ callsPerMinute: 2 });
    const { tokens, tenantId } = await connectToStandIn(standIn);
    const statuses = [];
    for (let call = 0; call < 3; call += 1)
      statuses.push((await organisation(tokens.access_token, tenantId)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(standIn.requests.filter((request) => request.path === '/api.xro/2.0/Organisation')).toEqual(
      Array.from({ length: 3 }, () => ({
        method: 'GET',
        path: '/api.xro/2.0/Organisation',
        query: '',
        tenantId,
        idempotencyKey: null,
        at: expect.any(Date),
      })),
    );
  });
});
