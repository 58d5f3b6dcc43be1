import {
  answerConsentPage,
  decisionForms,
  errorPage as standInErrorPage,
  htmlPage,
  scopeItems,
} from '../../testing/consent-form.ts';
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

const STYLE = [
  'body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; color: #1a1a1a; }',
  'form { display: inline-block; margin-right: 0.5rem; }',
  'button { font-size: 1rem; padding: 0.5rem 1rem; }',
].join(' ');

export function consentPage(query: URLSearchParams, tenants: Tenant[]): string {
  const forms = decisionForms({
    action: DECISION_PATH,
    query,
    carried: CARRIED_PARAMETERS,
    // Every organisation starts ticked, as on Xero's page when the user may connect several.
    choices: {
      type: 'checkbox',
      name: 'tenant_id',
      prompt: 'Organisations to connect:',
      items: tenants.map((tenant) => ({ value: tenant.tenantId, label: tenant.tenantName })),
    },
    allow: 'Allow access',
    cancel: { value: 'cancel', label: 'Cancel' },
  });
  return htmlPage(
    'Connect Tradeport to Xero',
    `      <h1>Connect Tradeport to Xero</h1>
      <p>This is the local stand-in for Xero's consent page. Tradeport asks for:</p>
      <ul>${scopeItems(query)}</ul>
${forms}`,
    STYLE,
  );
}

/** What Xero shows instead of consent when the request is wrong: it never redirects to an unverified app. */
export const errorPage = (error: string, description: string) =>
  standInErrorPage(error, description, { heading: 'Sorry, something went wrong', style: STYLE });

/**
 * What a person does on the consent page `authorizeUrl` opens, over HTTP as a browser would:
 * reads the page, submits the form of the button pressed (with the organisations ticked: all, or
 * `tenantIds`) and answers the address Xero sends them back to (`?code=…&state=…`, or
 * `?error=access_denied&state=…`).
 */
export function answerXeroConsentPage(
  authorizeUrl: string,
  options: { allow?: boolean; tenantIds?: string[] } = {},
): Promise<URL> {
  return answerConsentPage(
    authorizeUrl,
    options.allow === false ? 'Cancel' : 'Allow access',
    options.tenantIds,
  );
}
