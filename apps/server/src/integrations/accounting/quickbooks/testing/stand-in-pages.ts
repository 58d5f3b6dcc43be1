import { answerConsentPage, decisionForms, escapeHtml, htmlPage } from '../../testing/consent-form.ts';
import type { StandInCompany } from './stand-in-company.ts';

// The page the stand-in shows a browser at appcenter.intuit.com/connect/oauth2: which company the
// app may connect to (one, as Intuit asks), Connect or Cancel. And answerQuickBooksConsentPage, a
// person's answer to it for tests, made from the page's own forms as a browser would make it.

export const DECISION_PATH = '/connect/oauth2/decision';
export const CARRIED_PARAMETERS = ['client_id', 'response_type', 'scope', 'redirect_uri', 'state'] as const;

export function consentPage(query: URLSearchParams, companies: StandInCompany[]): string {
  const forms = decisionForms({
    action: DECISION_PATH,
    query,
    carried: CARRIED_PARAMETERS,
    choices: {
      type: 'radio',
      name: 'realm_id',
      items: companies.map((company) => ({ value: company.realmId, label: company.companyName })),
    },
    allow: 'Connect',
    cancel: { value: 'cancel', label: 'Cancel' },
  });
  return htmlPage(
    'Connect Tradeport to QuickBooks',
    `      <h1>Connect Tradeport to QuickBooks</h1>
      <p>This is the local stand-in for Intuit's consent page. Tradeport asks for: ${escapeHtml(query.get('scope') ?? '')}</p>
${forms}`,
  );
}

/**
 * What a person does on the consent page `authorizeUrl` opens, over HTTP as a browser would:
 * chooses a company (the first, or `realmId`), presses Connect (or Cancel) and answers the address
 * Intuit sends them back to: `?code=…&state=…&realmId=…`, or `?error=access_denied&state=…`.
 */
export function answerQuickBooksConsentPage(
  authorizeUrl: string,
  options: { allow?: boolean; realmId?: string } = {},
): Promise<URL> {
  const button = options.allow === false ? 'Cancel' : 'Connect';
  return answerConsentPage(authorizeUrl, button, options.realmId ? [options.realmId] : undefined);
}
