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

/**
 * SPEC §4: the organisation has lost access, so every page but billing, logout and sign-in is
 * replaced by the expiry page, and why. Either the trial expired (more than 2 days past trial_end),
 * or a subscription's access ended: deactivate_date has come, after a renewal went unpaid for the
 * grace days (payment_failed_date is set) or once a cancelled subscription's last period was over.
 */
export type AccessLoss =
  | { reason: 'trial-expired'; trialEnd: string }
  | { reason: 'payment-not-received'; deactivateDate: string }
  | { reason: 'subscription-ended'; deactivateDate: string };

function hasCome(date: string | null, nowMs: number): date is string {
  if (!date) return false;
  const dateMs = Date.parse(date);
  return Number.isFinite(dateMs) && nowMs >= dateMs;
}

/** The one rule for losing access (SPEC §4 trial expired and payment failed); null while it lasts. */
export function accessLoss(
  currentUser: Pick<CurrentUser, 'trial_end' | 'deactivate_date' | 'payment_failed_date'>,
  nowMs: number,
): AccessLoss | null {
  // A subscription's end is the later news: paying clears trial_end, so both are rarely set at once.
  if (hasCome(currentUser.deactivate_date, nowMs)) {
    return currentUser.payment_failed_date
      ? { reason: 'payment-not-received', deactivateDate: currentUser.deactivate_date }
      : { reason: 'subscription-ended', deactivateDate: currentUser.deactivate_date };
  }
  if (currentUser.trial_end && trialStatus(currentUser.trial_end, nowMs) === 'expired') {
    return { reason: 'trial-expired', trialEnd: currentUser.trial_end };
  }
  return null;
}

export type Banner =
  | { kind: 'trial-active'; trialEnd: string }
  | { kind: 'trial-ended'; trialEnd: string }
  /** `hasLostAccess`: deactivate_date has come (only billing is still shown then). */
  | { kind: 'payment-failed'; deactivateDate: string; hasLostAccess: boolean }
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
    banners.push({
      kind: 'payment-failed',
      deactivateDate: currentUser.deactivate_date,
      hasLostAccess: hasCome(currentUser.deactivate_date, nowMs),
    });
  }
  return banners;
}

export const BILLING_PATH = '/organisations/billing';
export const INVITATIONS_PATH = '/user/invitations';

/** SPEC §4: with an expired trial (or access otherwise lost), only billing, logout and sign-in keep their own page. */
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
  | { kind: 'trial-expired'; loss: AccessLoss }
  | { kind: 'redirect'; to: string }
  | { kind: 'invitations-only' };

export function shellView(input: { currentUser: CurrentUser; nowMs: number; pathname: string }): ShellView {
  const { currentUser, nowMs, pathname } = input;
  if (hasOnlyPendingInvitations(currentUser)) {
    return samePath(pathname, INVITATIONS_PATH)
      ? { kind: 'invitations-only' }
      : { kind: 'redirect', to: INVITATIONS_PATH };
  }
  const loss = accessLoss(currentUser, nowMs);
  if (loss && !isReachableWhenTrialExpired(pathname)) return { kind: 'trial-expired', loss };
  return { kind: 'page' };
}
