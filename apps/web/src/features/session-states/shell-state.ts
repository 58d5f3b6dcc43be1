import {
  type CurrentUser,
  type OrganisationMembership,
  TRIAL_GRACE_MS,
  usableOrganisations,
} from '@tradeport/contract';

/** SPEC §4 trial states, from trial_end and the time now. */
export type TrialStatus = 'none' | 'active' | 'ended' | 'expired';

export function trialStatus(trialEnd: string | null, nowMs: number): TrialStatus {
  if (!trialEnd) return 'none';
  const endMs = Date.parse(trialEnd);
  if (!Number.isFinite(endMs)) return 'none';
  if (nowMs < endMs) return 'active';
  // "More than 2 days": at exactly trial_end + 172800000 ms the trial has ended but not yet expired.
  return nowMs - endMs > TRIAL_GRACE_MS ? 'expired' : 'ended';
}

export type Banner =
  | { kind: 'trial-active'; trialEnd: string }
  | { kind: 'trial-ended'; trialEnd: string }
  | { kind: 'payment-failed'; deactivateDate: string }
  | { kind: 'no-organisation' };

/**
 * The banners above every page (SPEC §4, §6): trial and payment-failure banners for Admins of the
 * organisation being acted for only. An expired trial keeps the red banner on the pages still
 * reachable (billing), since its page replaces all the others.
 */
export function shellBanners(input: {
  currentUser: CurrentUser;
  organisation: OrganisationMembership | null;
  nowMs: number;
}): Banner[] {
  const { currentUser, organisation, nowMs } = input;
  if (!organisation) {
    const hasPending = currentUser.organisations.some((membership) => !membership.invitation_accepted);
    return hasPending ? [] : [{ kind: 'no-organisation' }];
  }
  if (organisation.user_level !== 'Admin') return [];
  const banners: Banner[] = [];
  const trial = trialStatus(currentUser.trial_end, nowMs);
  if (currentUser.trial_end && trial === 'active') {
    banners.push({ kind: 'trial-active', trialEnd: currentUser.trial_end });
  }
  if (currentUser.trial_end && (trial === 'ended' || trial === 'expired')) {
    banners.push({ kind: 'trial-ended', trialEnd: currentUser.trial_end });
  }
  if (currentUser.payment_failed_date && currentUser.deactivate_date) {
    banners.push({ kind: 'payment-failed', deactivateDate: currentUser.deactivate_date });
  }
  return banners;
}

export const BILLING_PATH = '/organisations/billing';
export const INVITATIONS_PATH = '/user/invitations';

/** SPEC §4: with an expired trial, only billing, logout and sign-in keep their own page. */
export const TRIAL_EXPIRED_REACHABLE_PATHS: readonly string[] = [BILLING_PATH, '/logout', '/sign-in'];

function samePath(a: string, b: string): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return trim(a) === trim(b);
}

export function isReachableWhenTrialExpired(pathname: string): boolean {
  return TRIAL_EXPIRED_REACHABLE_PATHS.some((path) => samePath(path, pathname));
}

/**
 * SPEC §4 "no active organisation": none accepted and active, but some invitations still open.
 * The app is then disabled and only the invitations page is shown.
 */
export function hasOnlyPendingInvitations(currentUser: CurrentUser): boolean {
  return (
    usableOrganisations(currentUser.organisations).length === 0 &&
    currentUser.organisations.some((membership) => !membership.invitation_accepted)
  );
}

/** What the shell shows for a route: the page, the expiry page in its place, or a redirect. */
export type ShellView =
  | { kind: 'page' }
  | { kind: 'trial-expired' }
  | { kind: 'redirect'; to: string }
  | { kind: 'invitations-only' };

export function shellView(input: { currentUser: CurrentUser; nowMs: number; pathname: string }): ShellView {
  const { currentUser, nowMs, pathname } = input;
  if (hasOnlyPendingInvitations(currentUser)) {
    return samePath(pathname, INVITATIONS_PATH)
      ? { kind: 'invitations-only' }
      : { kind: 'redirect', to: INVITATIONS_PATH };
  }
  if (trialStatus(currentUser.trial_end, nowMs) === 'expired' && !isReachableWhenTrialExpired(pathname)) {
    return { kind: 'trial-expired' };
  }
  return { kind: 'page' };
}
