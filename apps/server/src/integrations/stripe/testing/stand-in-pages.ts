// The pages the stand-in serves to a browser: Connect's OAuth consent page (what
// connect.stripe.com/oauth/authorize shows), and the Stripe.js stand-in script (stripe-js-stand-in.ts);
// and answerConsentPage, a person's answer to the consent page for tests.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The consent page: "Connect" grants the platform the account (a new one, as a fresh sign-up would). */
export function consentPage(query: URLSearchParams, options: { clientId: string }): string {
  const hidden = ['client_id', 'state', 'redirect_uri', 'scope', 'response_type']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
    .join('\n        ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Connect with Stripe (stand-in)</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; color: #1a1a1a; }
      button { font-size: 1rem; padding: 0.5rem 1rem; margin-right: 0.5rem; }
    </style>
  </head>
  <body>
    <main>
      <h1>Connect your Stripe account</h1>
      <p>This is the local stand-in for Stripe's consent page. The platform ${escapeHtml(options.clientId)}
        asks to take card payments on your Stripe account.</p>
      <form method="post" action="/oauth/authorize/decision">
        ${hidden}
        <p><label>Business name <input name="business_name" value="Stand-in business"></label></p>
        <p><label><input type="checkbox" name="charges_enabled" value="true" checked>
          The account can accept card payments now</label></p>
        <button type="submit" name="decision" value="allow">Connect my Stripe account</button>
        <button type="submit" name="decision" value="deny">Decline</button>
      </form>
    </main>
  </body>
</html>`;
}

/** The redirect back to the platform, as Stripe makes it after the person's decision. */
export function decisionRedirect(form: URLSearchParams, code: string | null): string {
  const target = new URL(form.get('redirect_uri') ?? '');
  const state = form.get('state');
  if (code) {
    target.searchParams.set('code', code);
    target.searchParams.set('scope', form.get('scope') || 'read_write');
  } else {
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_description', 'The user denied your request');
  }
  if (state) target.searchParams.set('state', state);
  return target.toString();
}

/**
 * What a person does on the consent page `authorizeUrl` opens, over HTTP as a browser would:
 * answers the address Stripe sends them back to (`?code=…&state=…`, or `?error=access_denied`).
 */
export async function answerConsentPage(
  authorizeUrl: string,
  options: { decision?: 'allow' | 'deny'; chargesEnabled?: boolean } = {},
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}: ${await page.text()}`);
  const query = new URL(authorizeUrl).searchParams;
  const form = new URLSearchParams({
    client_id: query.get('client_id') ?? '',
    state: query.get('state') ?? '',
    redirect_uri: query.get('redirect_uri') ?? '',
    scope: query.get('scope') ?? '',
    decision: options.decision ?? 'allow',
    business_name: 'Stand-in business',
    ...(options.chargesEnabled === false ? {} : { charges_enabled: 'true' }),
  });
  const answer = await fetch(new URL('/oauth/authorize/decision', authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location)
    throw new Error(`The consent page did not redirect (${answer.status})`);
  return new URL(location);
}
