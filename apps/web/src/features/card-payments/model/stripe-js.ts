// The part of Stripe.js the pay dialog uses (https://docs.stripe.com/js), typed here rather than
// through @stripe/stripe-js: the script comes from the address the server names (Stripe's, or the
// local stand-in's in tests), so only its shape is needed.

export type StripeJsError = { type?: string; code?: string; message?: string };

export type StripePaymentElement = {
  mount(target: HTMLElement): void;
  destroy(): void;
};

export type StripeElements = {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
  update(options: { amount: number }): void;
  /** Checks what was typed, before a token is made from it. */
  submit(): Promise<{ error?: StripeJsError }>;
};

export type StripeClient = {
  elements(options: {
    mode: 'payment';
    amount: number;
    currency: string;
    paymentMethodCreation: 'manual';
  }): StripeElements;
  createConfirmationToken(input: {
    elements: StripeElements;
  }): Promise<{ confirmationToken?: { id: string }; error?: StripeJsError }>;
  /** The card's bank asking the payer to confirm (3-D Secure). */
  handleNextAction(input: { clientSecret: string }): Promise<{ error?: StripeJsError }>;
};

export type StripeConstructor = (
  publishableKey: string,
  options?: { stripeAccount?: string },
) => StripeClient;

/** Stripe.js puts itself on the page as `window.Stripe`. */
const stripeOnPage = () => (window as unknown as { Stripe?: StripeConstructor }).Stripe;

const loads = new Map<string, Promise<StripeConstructor>>();

/**
 * Loads Stripe.js from `url` once per page (a page holds one Stripe.js, as Stripe requires); a load
 * that failed may be tried again. Already on the page (loaded before, or a test's own): that one.
 */
export function loadStripeJs(url: string): Promise<StripeConstructor> {
  const present = stripeOnPage();
  if (present) return Promise.resolve(present);
  let load = loads.get(url);
  if (!load) {
    load = new Promise<StripeConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.addEventListener('load', () => {
        const loaded = stripeOnPage();
        if (loaded) resolve(loaded);
        else reject(new Error('Stripe.js loaded without Stripe'));
      });
      script.addEventListener('error', () => {
        loads.delete(url);
        script.remove();
        reject(new Error(`Stripe.js could not be loaded from ${url}`));
      });
      document.head.appendChild(script);
    });
    loads.set(url, load);
  }
  return load;
}
