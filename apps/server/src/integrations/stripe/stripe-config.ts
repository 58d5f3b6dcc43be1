import { z } from 'zod';

// Stripe's settings, read with the rest of the configuration (platform/config.ts). Card payments
// need all four keys: with none, the app runs and says card payments are not set up; with some
// but not all, start-up stops and names the missing ones (a half-configured Stripe would take
// money it could never confirm, e.g. without the webhook secret).

const key = (pattern: RegExp, what: string) => z.string().trim().regex(pattern, `must be ${what}`).optional();

export const stripeEnvShape = {
  STRIPE_SECRET_KEY: key(/^(sk|rk)_(test|live)_\w+$/, 'a Stripe secret key (sk_test_…, sk_live_… or rk_…)'),
  STRIPE_PUBLISHABLE_KEY: key(/^pk_(test|live)_\w+$/, 'a Stripe publishable key (pk_test_… or pk_live_…)'),
  STRIPE_WEBHOOK_SECRET: key(/^whsec_\w+$/, 'a webhook signing secret (whsec_…)'),
  STRIPE_CLIENT_ID: key(/^ca_\w+$/, 'a Connect client id (ca_…)'),
  /**
   * The signing secret of the endpoint for Tradeport's own account's events (subscription
   * billing): Stripe signs a Connect endpoint's and an account endpoint's events with different
   * secrets, even at one URL. Unset: STRIPE_WEBHOOK_SECRET verifies both.
   */
  STRIPE_BILLING_WEBHOOK_SECRET: key(/^whsec_\w+$/, 'a webhook signing secret (whsec_…)'),
  /** Where the Stripe API (and Connect's OAuth pages) are: the local stand-in in tests. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
};

const KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_CLIENT_ID',
] as const;

type StripeEnv = { [K in keyof typeof stripeEnvShape]?: string };

/** Names each missing key when some, but not all, are set. */
export function checkStripeEnv(env: StripeEnv, context: z.RefinementCtx) {
  const missing = KEYS.filter((name) => !env[name]);
  if (missing.length === 0 || missing.length === KEYS.length) return;
  for (const name of missing) {
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `must be set too: card payments need ${KEYS.join(', ')}`,
    });
  }
}

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  clientId: string;
  /** Verifies Tradeport's own account's events beside webhookSecret (Connect's), when set. */
  billingWebhookSecret?: string;
  /** Unset: Stripe itself (api.stripe.com, connect.stripe.com, js.stripe.com). */
  apiBase?: URL;
};

export function stripeConfigOf(env: StripeEnv): StripeConfig | undefined {
  if (
    !env.STRIPE_SECRET_KEY ||
    !env.STRIPE_PUBLISHABLE_KEY ||
    !env.STRIPE_WEBHOOK_SECRET ||
    !env.STRIPE_CLIENT_ID
  ) {
    return undefined;
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    clientId: env.STRIPE_CLIENT_ID,
    billingWebhookSecret: env.STRIPE_BILLING_WEBHOOK_SECRET,
    apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined,
  };
}
