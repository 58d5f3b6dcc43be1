import type { StandInCompany } from './stand-in-company.ts';

// The page the stand-in shows a browser at appcenter.intuit.com/connect/oauth2: which company the
// app may connect to (one, as Intuit asks), Connect or Cancel. And answerQuickBooksConsentPage, a
// person's answer to it for tests, made from the page's own forms as a browser would make it.

export const DECISION_PATH = '/connect/oauth2/decision';
export const CARRIED_PARAMETERS = ['client_id', 'response_type', 'scope', 'redirect_uri', 'state'] as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const layout = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en">\n  <head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n  <body>\n    <main>\n${body}\n    </main>\n  </body>\n</html>`;

export function consentPage(query: URLSearchParams, companies: StandInCompany[]): string {
  const hidden = CARRIED_PARAMETERS.filter((name) => query.has(name))
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
    .join('\n        ');
  const choices = companies
    .map(
      (company, index) =>
        `<li><label><input type="radio" name="realm_id" value="${escapeHtml(company.realmId)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(company.companyName)}</label></li>`,
    )
    .join('\n          ');
  return layout(
    'Connect Tradeport to QuickBooks',
    `      <h1>Connect Tradeport to QuickBooks</h1>
      <p>This is the local stand-in for Intuit's consent page. Tradeport asks for: ${escapeHtml(query.get('scope') ?? '')}</p>
      <form method="post" action="${DECISION_PATH}">
        ${hidden}
        <ul>
          ${choices}
        </ul>
        <button type="submit" name="decision" value="allow">Connect</button>
      </form>
      <form method="post" action="${DECISION_PATH}">
        ${hidden}
        <button type="submit" name="decision" value="cancel">Cancel</button>
      </form>`,
  );
}

export const errorPage = (error: string, description: string) =>
  layout(
    'Error',
    `      <h1>Something went wrong</h1>\n      <p>Error: ${escapeHtml(error)}</p>\n      <p>${escapeHtml(description)}</p>`,
  );

const unescapeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
const attribute = (tag: string, name: string) => {
  const found = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return found ? unescapeHtml(found[1]!) : undefined;
};

/**
 * What a person does on the consent page `authorizeUrl` opens, over HTTP as a browser would:
 * chooses a company (the first, or `realmId`), presses Connect (or Cancel) and answers the address
 * Intuit sends them back to: `?code=…&state=…&realmId=…`, or `?error=access_denied&state=…`.
 */
export async function answerQuickBooksConsentPage(
  authorizeUrl: string,
  options: { allow?: boolean; realmId?: string } = {},
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}: ${html}`);
  const label = options.allow === false ? 'Cancel' : 'Connect';
  const form = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
    .map((found) => found[0])
    .find((candidate) => candidate.includes(`>${label}</button>`));
  if (!form) throw new Error(`The consent page has no "${label}" button`);
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, 'name');
    const value = attribute(input, 'value') ?? '';
    if (!name) continue;
    const isRadio = attribute(input, 'type') === 'radio';
    const isChosen = options.realmId ? value === options.realmId : /\schecked\b/.test(input);
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
