import type { CheckoutSession, Invoice, PriceData, Subscription } from './stand-in-billing-objects.ts';

// The pages Stripe Billing shows a browser, as the stand-in serves them: Checkout's payment page
// (checkout.stripe.com/c/pay/…), the customer portal (billing.stripe.com/p/session/…) and a hosted
// invoice. Plain forms, so a test can answer them over HTTP and a browser journey can click them.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const money = (cents: number) => `A$${(cents / 100).toFixed(2)}`;

const day = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>${escapeHtml(title)} (stand-in)</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; color: #1a1a1a; }
      button { font-size: 1rem; padding: 0.5rem 1rem; margin-right: 0.5rem; }
      .error { color: #b00020; }
    </style>
  </head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>`;
}

/** Checkout: the plan and its price, a card number, Pay; "Back" returns to cancel_url. */
export function checkoutPage(session: CheckoutSession, price: PriceData, error?: string): string {
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
  return page(
    'Stripe Checkout',
    `      <h1>Subscribe to ${escapeHtml(price.productName)}</h1>
      <p>${money(price.unitAmount)} per ${price.interval}</p>
      ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
      <form method="post" action="/c/pay/${escapeHtml(session.id)}">
        <p><label>Card number <input name="card_number" value="4242 4242 4242 4242" autocomplete="off"></label></p>
        <button type="submit">Subscribe</button>
      </form>
      ${back}`,
  );
}

/** The customer portal: each subscription, with "Cancel plan" or "Renew plan", and the way back. */
export function portalPage(options: {
  sessionId: string;
  returnUrl: string | null;
  subscriptions: Subscription[];
}): string {
  const rows = options.subscriptions.map((sub) => {
    const item = sub.items.data[0]!;
    const state =
      sub.status === 'canceled'
        ? 'Cancelled'
        : sub.cancel_at_period_end
          ? `Cancels on ${day(item.current_period_end)}`
          : `Renews on ${day(item.current_period_end)}`;
    const action =
      sub.status === 'canceled'
        ? ''
        : `<form method="post" action="/p/session/${escapeHtml(options.sessionId)}/${sub.cancel_at_period_end ? 'renew' : 'cancel'}">
          <input type="hidden" name="subscription" value="${escapeHtml(sub.id)}">
          <button type="submit">${sub.cancel_at_period_end ? 'Renew plan' : 'Cancel plan'}</button>
        </form>`;
    return `      <section>
        <h2>${money(item.price.unit_amount)} per ${item.price.recurring.interval}</h2>
        <p>${state}</p>
        ${action}
      </section>`;
  });
  const back = options.returnUrl ? `<p><a href="${escapeHtml(options.returnUrl)}">Return</a></p>` : '';
  return page('Billing portal', `      <h1>Your subscription</h1>\n${rows.join('\n')}\n      ${back}`);
}

export function invoicePage(invoice: Invoice): string {
  return page(
    `Invoice ${invoice.number ?? ''}`,
    `      <h1>Invoice ${escapeHtml(invoice.number ?? '')}</h1>
      <p>${money(invoice.total)}: ${invoice.status}</p>`,
  );
}

/**
 * What a person does on Checkout's page `url` opens, over HTTP as a browser would: pays with the
 * card (or leaves by "Back"), and answers where the browser is sent (success_url or cancel_url).
 */
export async function answerCheckoutPage(
  url: string,
  options: { card?: string; decision?: 'pay' | 'back' } = {},
): Promise<URL> {
  const shown = await fetch(url);
  const html = await shown.text();
  if (shown.status !== 200) throw new Error(`Checkout's page answered ${shown.status}: ${html}`);
  if (options.decision === 'back') {
    const back = /<a href="([^"]+)">Back<\/a>/.exec(html)?.[1];
    if (!back) throw new Error('Checkout’s page has no way back');
    return new URL(back.replace(/&#38;/g, '&'));
  }
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: options.card ?? '4242424242424242' }).toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location) {
    throw new Error(`Checkout did not redirect (${answer.status}): ${await answer.text()}`);
  }
  return new URL(location);
}

/** The person in the customer portal: cancels (or renews) the subscription, and is sent back. */
export async function answerPortalPage(
  url: string,
  options: { action: 'cancel' | 'renew'; subscriptionId: string },
): Promise<URL> {
  const shown = await fetch(url);
  if (shown.status !== 200) throw new Error(`The portal answered ${shown.status}: ${await shown.text()}`);
  const answer = await fetch(`${url}/${options.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ subscription: options.subscriptionId }).toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location) {
    throw new Error(`The portal did not redirect (${answer.status}): ${await answer.text()}`);
  }
  return new URL(location);
}
