import type { Tenant } from './stand-in-tokens.ts';

// The pages the stand-in shows a browser at login.xero.com: the consent page (which organisations
// the app may reach, Allow access or Cancel) and the error page Xero shows instead when the
// request itself is wrong (an unknown client). And answerXeroConsentPage, a person's answer to
// the consent page for tests, made from the page's own forms as a browser would make it.

export const DECISION_PATH = '/identity/connect/authorize/decision';

/** The /authorize parameters each form carries back, so the decision needs no server-side session. */
export const CARRIED_PARAMETERS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>${escapeHtml(title)}</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; color: #1a1a1a; }
      form { display: inline-block; margin-right: 0.5rem; }
      button { font-size: 1rem; padding: 0.5rem 1rem; }
    </style>
  </head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>`;

export function consentPage(query: URLSearchParams, tenants: Tenant[]): string {
  const hidden = CARRIED_PARAMETERS.filter((name) => query.has(name))
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
    .join('\n        ');
  // Every organisation starts ticked, as on Xero's page when the user may connect several.
  const choices = tenants
    .map(
      (tenant) =>
        `<li><label><input type="checkbox" name="tenant_id" value="${escapeHtml(tenant.tenantId)}" checked> ${escapeHtml(tenant.tenantName)}</label></li>`,
    )
    .join('\n          ');
  const scopes = (query.get('scope') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((scope) => `<li>${escapeHtml(scope)}</li>`)
    .join('');
  return layout(
    'Connect Tradeport to Xero',
    `      <h1>Connect Tradeport to Xero</h1>
      <p>This is the local stand-in for Xero's consent page. Tradeport asks for:</p>
      <ul>${scopes}</ul>
      <form method="post" action="${DECISION_PATH}">
        ${hidden}
        <p>Organisations to connect:</p>
        <ul>
          ${choices}
        </ul>
        <button type="submit" name="decision" value="allow">Allow access</button>
      </form>
      <form method="post" action="${DECISION_PATH}">
        ${hidden}
        <button type="submit" name="decision" value="cancel">Cancel</button>
      </form>`,
  );
}

/** What Xero shows instead of consent when the request is wrong: it never redirects to an unverified app. */
export const errorPage = (error: string, description: string) =>
  layout(
    'Error',
    `      <h1>Sorry, something went wrong</h1>\n      <p>Error: ${escapeHtml(error)}</p>\n      <p>${escapeHtml(description)}</p>`,
  );

const unescapeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

const attribute = (tag: string, name: string) => {
  const found = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return found ? unescapeHtml(found[1]!) : undefined;
};

/**
 * What a person does on the consent page `authorizeUrl` opens, over HTTP as a browser would:
 * reads the page, submits the form of the button pressed (with the organisations ticked: all, or
 * `tenantIds`) and answers the address Xero sends them back to (`?code=…&state=…`, or
 * `?error=access_denied&state=…`).
 */
export async function answerXeroConsentPage(
  authorizeUrl: string,
  options: { allow?: boolean; tenantIds?: string[] } = {},
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}: ${html}`);
  const label = options.allow === false ? 'Cancel' : 'Allow access';
  const form = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
    .map((found) => found[0])
    .find((candidate) => new RegExp(`<button[^>]*>${label}</button>`).test(candidate));
  if (!form) throw new Error(`The consent page has no "${label}" button`);
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, 'name');
    const value = attribute(input, 'value') ?? '';
    if (!name) continue;
    const isCheckbox = attribute(input, 'type') === 'checkbox';
    const isTicked = options.tenantIds ? options.tenantIds.includes(value) : /\schecked\b/.test(input);
    if (!isCheckbox || isTicked) fields.append(name, value);
  }
  const button = new RegExp(`<button[^>]*>${label}</button>`).exec(form)![0];
  fields.append(attribute(button, 'name') ?? 'decision', attribute(button, 'value') ?? '');
  const answer = await fetch(new URL(attribute(form, 'action') ?? '', authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) {
    throw new Error(`The consent page did not redirect (${answer.status}): ${await answer.text()}`);
  }
  return new URL(location);
}
