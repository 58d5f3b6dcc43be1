// The consent page every accounting stand-in shows a browser, both sides of it: the HTML (a page
// with two forms, the choice and Allow in one, Cancel in the other, each carrying the /authorize
// parameters back so the decision needs no server-side session) and answerConsentPage, a
// person's answer to it for tests, made from the page's own forms as a browser would make it.
// Each provider keeps its own words, paths and the choice it offers.

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const unescapeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

/** A whole page: `body` is already HTML, `style` a stylesheet for the head (none unless given). */
export const htmlPage = (title: string, body: string, style?: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${style ? `<style>${style}</style>` : ''}</head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>`;

/** What a provider shows instead of consent when the request itself is wrong (it never redirects then). */
export const errorPage = (
  error: string,
  description: string,
  options: { heading?: string; style?: string } = {},
) =>
  htmlPage(
    'Error',
    `      <h1>${options.heading ?? 'Something went wrong'}</h1>\n      <p>Error: ${escapeHtml(error)}</p>\n      <p>${escapeHtml(description)}</p>`,
    options.style,
  );

/** The scopes asked for, one list item each. */
export const scopeItems = (query: URLSearchParams) =>
  (query.get('scope') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((scope) => `<li>${escapeHtml(scope)}</li>`)
    .join('');

export type ConsentChoices = {
  /** Checkboxes start all ticked (several may be chosen); radio buttons start on the first. */
  type: 'checkbox' | 'radio';
  name: string;
  /** A line above the list, if any. */
  prompt?: string;
  items: { value: string; label: string }[];
};

/**
 * The two forms of a consent page, both posting to `action` with the `carried` parameters of
 * `query` hidden in them: the choices and the `allow` button (decision=allow), and the `cancel`
 * button on its own.
 */
export function decisionForms(options: {
  action: string;
  query: URLSearchParams;
  carried: readonly string[];
  choices: ConsentChoices;
  allow: string;
  cancel: { value: string; label: string };
}): string {
  const { action, query, choices, cancel } = options;
  const hidden = options.carried
    .filter((name) => query.has(name))
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
    .join('\n        ');
  const items = choices.items
    .map(({ value, label }, index) => {
      const checked = choices.type === 'checkbox' || index === 0 ? ' checked' : '';
      return `<li><label><input type="${choices.type}" name="${choices.name}" value="${escapeHtml(value)}"${checked}> ${escapeHtml(label)}</label></li>`;
    })
    .join('\n          ');
  const prompt = choices.prompt ? `\n        <p>${choices.prompt}</p>` : '';
  return `      <form method="post" action="${action}">
        ${hidden}${prompt}
        <ul>
          ${items}
        </ul>
        <button type="submit" name="decision" value="allow">${options.allow}</button>
      </form>
      <form method="post" action="${action}">
        ${hidden}
        <button type="submit" name="decision" value="${cancel.value}">${cancel.label}</button>
      </form>`;
}

const attribute = (tag: string, name: string) => {
  const found = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return found ? unescapeHtml(found[1]!) : undefined;
};

/**
 * What a person does on the consent page `authorizeUrl` opens, over HTTP as a browser would:
 * reads the page, submits the form of the button labelled `button` with its inputs (the
 * checkboxes and radio buttons ticked on the page, or those whose value is in `chosen`) and
 * answers the address the provider sends them back to.
 */
export async function answerConsentPage(
  authorizeUrl: string,
  button: string,
  chosen?: string[],
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}: ${html}`);
  const buttonTag = new RegExp(`<button[^>]*>${button}</button>`);
  const form = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
    .map((found) => found[0])
    .find((candidate) => buttonTag.test(candidate));
  if (!form) throw new Error(`The consent page has no "${button}" button`);
  const fields = new URLSearchParams();
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, 'name');
    const value = attribute(input, 'value') ?? '';
    if (!name) continue;
    const isChoice = ['checkbox', 'radio'].includes(attribute(input, 'type') ?? '');
    const isTicked = chosen ? chosen.includes(value) : /\schecked\b/.test(input);
    if (!isChoice || isTicked) fields.append(name, value);
  }
  const pressed = buttonTag.exec(form)![0];
  fields.append(attribute(pressed, 'name') ?? 'decision', attribute(pressed, 'value') ?? '');
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
