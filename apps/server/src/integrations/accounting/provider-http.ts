import type { TokenSet } from './accounting-provider.ts';
import {
  ProviderRateLimitedError,
  ProviderRefusedError,
  ProviderUnavailableError,
  retryAfterSeconds,
} from './accounting-errors.ts';

// What every provider's HTTP calls share: silence and server failures as outages, 429 as a rate
// limit with the provider's Retry-After, and the OAuth token endpoint's answer as a TokenSet.
// Each provider reads its own refusals (their bodies differ) from the answer this returns.

/**
 * One call to a provider (`name` in the messages): no answer within `timeoutMs` or a 5xx is
 * ProviderUnavailableError, 429 ProviderRateLimitedError; any other answer is the caller's to read.
 */
export async function callProvider(
  name: string,
  url: URL,
  init: RequestInit,
  options: { now: () => Date; timeoutMs: number },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    throw new ProviderUnavailableError(`${name} did not answer: ${(error as Error).message}`);
  }
  if (response.status === 429) {
    throw new ProviderRateLimitedError(retryAfterSeconds(response.headers.get('retry-after'), options.now()));
  }
  if (response.status >= 500) throw new ProviderUnavailableError(`${name} failed (${response.status})`);
  return response;
}

type TokenAnswer = {
  access_token?: string;
  refresh_token?: string;
  /** Seconds; some providers (MYOB) send it as a string. */
  expires_in?: number | string;
  scope?: string;
  error?: string;
};

/**
 * The token endpoint's answer (a code exchanged, a token refreshed) as a TokenSet; anything else
 * is a refusal, whose `invalid_grant` means only connecting again helps.
 */
export async function tokenSetOf(
  name: string,
  response: Response,
  options: { now: () => Date; defaultExpiresInSeconds: number },
): Promise<TokenSet> {
  const body = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (!response.ok || !body.access_token || !body.refresh_token) {
    const reason = body.error ?? `status ${response.status}`;
    throw new ProviderRefusedError(
      `${name} refused the tokens (${reason})`,
      response.status,
      reason === 'invalid_grant',
    );
  }
  const seconds = Number(body.expires_in ?? options.defaultExpiresInSeconds);
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: new Date(options.now().getTime() + seconds * 1000),
    scope: body.scope ?? null,
  };
}
