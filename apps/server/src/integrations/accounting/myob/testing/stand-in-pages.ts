import type { CompanyFile } from './stand-in-tokens.ts';

// The page the stand-in shows a browser at secure.myob.com/oauth2/account/authorize: which company
// file the app may reach (one, as MYOB's consent names one file), Allow or Deny. And
// answerMyobConsentPage, a person's answer to it for tests, made from the page's own forms.

export const DECISION_PATH = '/oauth2/account/authorize/decision';

/** The /authorize parameters each form carries back, so the decision needs no session. */
export const CARRIED_PARAMETERS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'prompt',
] as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>`;

export function consentPage(query: URLSearchParams, files: CompanyFile[]): string {
  const hidden = CARRIED_PARAMETERS.filter((name) => query.has(name))
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
    .join('\n        ');
  const choices = files
    .map(
      (file, index) =>
        `<li><label><input type="radio" name="business_id" value="${escapeHtml(file.id)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(file.name)}</label></li>`,
    )
    .join('\n          ');
  const scopes = (query.get('scope') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((scope) => `<li>${escapeHtml(scope)}</li>`)
    .join('');
  return layout(
    'Allow access to MYOB',
    `      <h1>Allow access to MYOB</h1>
      <p>This is the local stand-in for MYOB's consent page. Tradeport asks for:</p>
      <ul>${scopes}</ul>
      <form method="post" action="${DECISION_PATH}">
        ${hidden}
        <p>Company file:</p>
        <ul>
          ${choices}
        </ul>
        <button type="submit" name="decision" value="allow">Allow</button>
      </form>
      <form method="post" action="${DECISION_PATH}">
        ${hidden}
        <button type="submit" name="decision" value="deny">Deny</button>
      </form>`,
  );
}

export const errorPage = (error: string, description: string) =>
  layout(
    'Error',
    `      <h1>Something went wrong</h1>\n      <p>Error: ${escapeHtml(error)}</p>\n      <p>${escapeHtml(description)}</p>`,
  );

const unescapeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

const attribute = (tag: string, name: string) => {
  const found = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return found ? unescapeHtml(found[1]!) : undefined;
};

/**
 * What a person does on the consent page `authorizeUrl` opens, over HTTP as a browser would:
 * reads the page, chooses a company file (the first, or `businessId`), presses Allow (or Deny
 * with `allow: false`) and answers the address MYOB sends them back to
 * (`?code=…&state=…&businessId=…&businessName=…`, or `?error=access_denied&state=…`).
 */
export async function answerMyobConsentPage(
  authorizeUrl: string,
  options: { allow?: boolean; businessId?: string } = {},
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}: ${html}`);
  const label = options.allow === false ? 'Deny' : 'Allow';
  const form = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
    .map((found) => found[0])
    .find((candidate) => new RegExp(`<button[^>]*>${label}</button>`).test(candidate));
  if (!form) throw new Error(`The consent page has no "${label}" button`);
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, 'name');
    const value = attribute(input, 'value') ?? '';
    if (!name) continue;
    const isRadio = attribute(input, 'type') === 'radio';
    const isChosen = options.businessId ? options.businessId === value : /\schecked\b/.test(input);
    if (!isRadio || isChosen) fields.append(name, value);
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
