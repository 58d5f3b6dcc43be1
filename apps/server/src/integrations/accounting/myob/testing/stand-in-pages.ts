import { answerConsentPage, decisionForms, htmlPage, scopeItems } from '../../testing/consent-form.ts';
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

export function consentPage(query: URLSearchParams, files: CompanyFile[]): string {
  const forms = decisionForms({
    action: DECISION_PATH,
    query,
    carried: CARRIED_PARAMETERS,
    choices: {
      type: 'radio',
      name: 'business_id',
      prompt: 'Company file:',
      items: files.map((file) => ({ value: file.id, label: file.name })),
    },
    allow: 'Allow',
    cancel: { value: 'deny', label: 'Deny' },
  });
  return htmlPage(
    'Allow access to MYOB',
    `      <h1>Allow access to MYOB</h1>
      <p>This is the local stand-in for MYOB's consent page. Tradeport asks for:</p>
      <ul>${scopeItems(query)}</ul>
${forms}`,
  );
}

/**
 * What a person does on the consent page `authorizeUrl` opens, over HTTP as a browser would:
 * reads the page, chooses a company file (the first, or `businessId`), presses Allow (or Deny
 * with `allow: false`) and answers the address MYOB sends them back to
 * (`?code=…&state=…&businessId=…&businessName=…`, or `?error=access_denied&state=…`).
 */
export function answerMyobConsentPage(
  authorizeUrl: string,
  options: { allow?: boolean; businessId?: string } = {},
): Promise<URL> {
  const button = options.allow === false ? 'Deny' : 'Allow';
  return answerConsentPage(authorizeUrl, button, options.businessId ? [options.businessId] : undefined);
}
