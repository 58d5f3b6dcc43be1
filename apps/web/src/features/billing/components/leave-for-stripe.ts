/**
 * Stripe's Checkout and customer portal are Stripe's own pages: the browser goes there with a
 * full-page navigation, as for Stripe Connect's consent page, and Stripe sends it back.
 */
export function leaveForStripe(url: string): void {
  window.location.assign(url);
}
