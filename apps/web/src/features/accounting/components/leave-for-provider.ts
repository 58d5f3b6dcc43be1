/**
 * The provider's consent page is its own site: the browser goes there with a full-page navigation,
 * and the provider sends it back to this screen with `?code=…&state=…`.
 */
export function leaveForProvider(url: string): void {
  window.location.assign(url);
}
