import type { StripeConstructor } from '../model/stripe-js.ts';

/**
 * A Stripe.js for jsdom, put on the page as `window.Stripe` (loadStripeJs then uses it rather than
 * loading a script): its payment element is one labelled field, and it records what it was asked.
 * The browser journeys use the real stand-in script instead.
 */
export function installFakeStripe(options: { tokens?: string[] } = {}) {
  const tokens = [...(options.tokens ?? ['ctoken_fake_1', 'ctoken_fake_2', 'ctoken_fake_3'])];
  const calls = {
    constructed: [] as { key: string; account: string | undefined }[],
    elements: [] as { amount: number; currency: string }[],
    updates: [] as number[],
    nextActions: [] as string[],
  };
  const Stripe: StripeConstructor = (key, stripeOptions) => {
    calls.constructed.push({ key, account: stripeOptions?.stripeAccount });
    return {
      elements(elementsOptions) {
        calls.elements.push({ amount: elementsOptions.amount, currency: elementsOptions.currency });
        return {
          create() {
            let field: HTMLElement | null = null;
            return {
              mount(host) {
                field = document.createElement('label');
                field.textContent = 'Card number';
                field.appendChild(document.createElement('input'));
                host.appendChild(field);
              },
              destroy() {
                field?.remove();
              },
            };
          },
          update: ({ amount }) => void calls.updates.push(amount),
          submit: async () => ({}),
        };
      },
      createConfirmationToken: async () => ({ confirmationToken: { id: tokens.shift() ?? 'ctoken_fake_n' } }),
      handleNextAction: async ({ clientSecret }) => {
        calls.nextActions.push(clientSecret);
        return {};
      },
    };
  };
  const page = window as unknown as { Stripe?: StripeConstructor };
  page.Stripe = Stripe;
  return {
    calls,
    uninstall: () => {
      delete page.Stripe;
    },
  };
}
