import type { CurrentUser, OrganisationMembership } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { bayside, harbour, merchantUser } from '#testing/fixtures.ts';
import {
  accessLoss,
  hasOnlyPendingInvitations,
  isReachableWhenTrialExpired,
  shellBanners,
  shellView,
  TRIAL_EXPIRED_REACHABLE_PATHS,
  trialStatus,
} from './shell-state.ts';

const TRIAL_END = '2026-03-10T00:00:00.000Z';
const END_MS = Date.parse(TRIAL_END);
const DAY_MS = 86_400_000;
const GRACE_MS = 172_800_000;

const admin: OrganisationMembership = harbour;
const user: OrganisationMembership = { ...harbour, user_level: 'User' };

const withDates = (dates: Partial<CurrentUser>): CurrentUser => ({ ...merchantUser, ...dates });
const kinds = (currentUser: CurrentUser, organisation: OrganisationMembership | null, nowMs: number) =>
  shellBanners({ currentUser, organisation, nowMs }).map((banner) => banner.kind);

describe('trialStatus', () => {
  it('is "none" without a trial end (or with one that is not a date)', () => {
    expect(trialStatus(null, END_MS)).toBe('none');
    expect(trialStatus('soon', END_MS)).toBe('none');
  });

  it('is active while the trial end is in the future', () => {
    expect(trialStatus(TRIAL_END, END_MS - DAY_MS)).toBe('active');
    expect(trialStatus(TRIAL_END, END_MS - 1)).toBe('active');
  });

  it('has ended from trial_end on', () => {
    expect(trialStatus(TRIAL_END, END_MS)).toBe('ended');
    expect(trialStatus(TRIAL_END, END_MS + DAY_MS)).toBe('ended');
  });

  it('expires only more than 172800000 ms after trial_end', () => {
    expect(trialStatus(TRIAL_END, END_MS + GRACE_MS - 1)).toBe('ended');
    expect(trialStatus(TRIAL_END, END_MS + GRACE_MS)).toBe('ended');
    expect(trialStatus(TRIAL_END, END_MS + GRACE_MS + 1)).toBe('expired');
  });
});

describe('shellBanners', () => {
  it('shows an Admin the trial end date while the trial runs', () => {
    const banners = shellBanners({
      currentUser: withDates({ trial_end: TRIAL_END }),
      organisation: admin,
      nowMs: END_MS - DAY_MS,
    });
    expect(banners).toEqual([{ kind: 'trial-active', trialEnd: TRIAL_END }]);
  });

  it('shows an Admin the red "activate" banner once the trial has ended, expired included', () => {
    const currentUser = withDates({ trial_end: TRIAL_END });
    expect(kinds(currentUser, admin, END_MS)).toEqual(['trial-ended']);
    expect(kinds(currentUser, admin, END_MS + GRACE_MS + 1)).toEqual(['trial-ended']);
  });

  it('shows trial banners to Admins only', () => {
    const currentUser = withDates({ trial_end: TRIAL_END });
    for (const nowMs of [END_MS - DAY_MS, END_MS + DAY_MS]) {
      expect(kinds(currentUser, user, nowMs)).toEqual([]);
    }
  });

  it('shows no trial banner without a trial', () => {
    expect(kinds(merchantUser, admin, END_MS)).toEqual([]);
  });

  it('warns an Admin of a failed payment with the date access will be lost', () => {
    const currentUser = withDates({
      payment_failed_date: '2026-03-01T00:00:00.000Z',
      deactivate_date: '2026-03-15T00:00:00.000Z',
    });
    expect(shellBanners({ currentUser, organisation: admin, nowMs: END_MS })).toEqual([
      { kind: 'payment-failed', deactivateDate: '2026-03-15T00:00:00.000Z', hasLostAccess: false },
    ]);
    expect(kinds(currentUser, user, END_MS)).toEqual([]);
  });

  it('says when access has already been lost, on the billing page still shown then', () => {
    const deactivateDate = '2026-03-15T00:00:00.000Z';
    const currentUser = withDates({
      payment_failed_date: '2026-03-08T00:00:00.000Z',
      deactivate_date: deactivateDate,
    });
    const at = (nowMs: number) => shellBanners({ currentUser, organisation: admin, nowMs });
    expect(at(Date.parse(deactivateDate) - 1)).toEqual([
      { kind: 'payment-failed', deactivateDate, hasLostAccess: false },
    ]);
    expect(at(Date.parse(deactivateDate))).toEqual([
      { kind: 'payment-failed', deactivateDate, hasLostAccess: true },
    ]);
  });

  it('needs both the failed payment and the deactivate date for the payment banner', () => {
    expect(kinds(withDates({ payment_failed_date: '2026-03-01T00:00:00.000Z' }), admin, END_MS)).toEqual([]);
    expect(kinds(withDates({ deactivate_date: '2026-03-15T00:00:00.000Z' }), admin, END_MS)).toEqual([]);
  });

  it('can show the trial and the payment banners together', () => {
    const currentUser = withDates({
      trial_end: TRIAL_END,
      payment_failed_date: '2026-03-01T00:00:00.000Z',
      deactivate_date: '2026-03-15T00:00:00.000Z',
    });
    expect(kinds(currentUser, admin, END_MS + DAY_MS)).toEqual(['trial-ended', 'payment-failed']);
  });

  it('invites someone with no organisation and no invitations to set one up', () => {
    expect(kinds(withDates({ organisations: [] }), null, END_MS)).toEqual(['no-organisation']);
    const pending = { ...bayside, invitation_accepted: false };
    expect(kinds(withDates({ organisations: [pending] }), null, END_MS)).toEqual([]);
  });
});

describe('accessLoss', () => {
  const DEACTIVATE = '2026-04-01T00:00:00.000Z';
  const DEACTIVATE_MS = Date.parse(DEACTIVATE);
  const FAILED = '2026-03-25T00:00:00.000Z';

  it('keeps access with no dates, a running or ended trial, and before deactivate_date', () => {
    expect(accessLoss(merchantUser, END_MS)).toBeNull();
    expect(accessLoss(withDates({ trial_end: TRIAL_END }), END_MS + GRACE_MS)).toBeNull();
    const failing = withDates({ payment_failed_date: FAILED, deactivate_date: DEACTIVATE });
    expect(accessLoss(failing, DEACTIVATE_MS - 1)).toBeNull();
  });

  it('is lost once the trial has expired', () => {
    expect(accessLoss(withDates({ trial_end: TRIAL_END }), END_MS + GRACE_MS + 1)).toEqual({
      reason: 'trial-expired',
      trialEnd: TRIAL_END,
    });
  });

  it('is lost from deactivate_date on, after a payment that was not received', () => {
    const failing = withDates({ payment_failed_date: FAILED, deactivate_date: DEACTIVATE });
    for (const nowMs of [DEACTIVATE_MS, DEACTIVATE_MS + DAY_MS]) {
      expect(accessLoss(failing, nowMs)).toEqual({
        reason: 'payment-not-received',
        deactivateDate: DEACTIVATE,
      });
    }
  });

  it('is lost from deactivate_date on when a cancelled subscription has ended', () => {
    const ended = withDates({ deactivate_date: DEACTIVATE });
    expect(accessLoss(ended, DEACTIVATE_MS - 1)).toBeNull();
    expect(accessLoss(ended, DEACTIVATE_MS)).toEqual({
      reason: 'subscription-ended',
      deactivateDate: DEACTIVATE,
    });
  });

  it('names the subscription, not the trial, when both have run out', () => {
    const both = withDates({ trial_end: TRIAL_END, deactivate_date: DEACTIVATE });
    expect(accessLoss(both, DEACTIVATE_MS + 1)?.reason).toBe('subscription-ended');
  });

  it('ignores a deactivate_date that is not a date', () => {
    expect(accessLoss(withDates({ deactivate_date: 'soon' }), DEACTIVATE_MS)).toBeNull();
  });
});

describe('routes reachable with an expired trial', () => {
  it('keeps billing, logout and sign-in', () => {
    expect(TRIAL_EXPIRED_REACHABLE_PATHS).toEqual(['/organisations/billing', '/logout', '/sign-in']);
    for (const path of ['/organisations/billing', '/organisations/billing/', '/logout', '/sign-in']) {
      expect(isReachableWhenTrialExpired(path)).toBe(true);
    }
  });

  it('replaces everything else', () => {
    for (const path of [
      '/',
      '/orders',
      '/organisations/details',
      '/user/account',
      '/support',
      '/organisations',
    ]) {
      expect(isReachableWhenTrialExpired(path)).toBe(false);
    }
  });
});

describe('shellView', () => {
  const expired = withDates({ trial_end: TRIAL_END });
  const afterGrace = END_MS + GRACE_MS + 1;

  it('shows the page normally', () => {
    expect(shellView({ currentUser: merchantUser, nowMs: END_MS, pathname: '/orders' })).toEqual({
      kind: 'page',
    });
  });

  it('replaces pages with the expiry page only after the grace period', () => {
    expect(shellView({ currentUser: expired, nowMs: END_MS + GRACE_MS, pathname: '/orders' })).toEqual({
      kind: 'page',
    });
    expect(shellView({ currentUser: expired, nowMs: afterGrace, pathname: '/orders' })).toEqual({
      kind: 'trial-expired',
      loss: { reason: 'trial-expired', trialEnd: TRIAL_END },
    });
    expect(
      shellView({ currentUser: expired, nowMs: afterGrace, pathname: '/organisations/billing' }),
    ).toEqual({
      kind: 'page',
    });
  });

  it('marks every member of the organisation expired, not only Admins', () => {
    const userView = withDates({ trial_end: TRIAL_END, organisations: [user] });
    expect(shellView({ currentUser: userView, nowMs: afterGrace, pathname: '/' })).toEqual({
      kind: 'trial-expired',
      loss: { reason: 'trial-expired', trialEnd: TRIAL_END },
    });
  });

  it('replaces pages with the expiry page once deactivate_date has come, billing still reachable', () => {
    const deactivateDate = '2026-04-01T00:00:00.000Z';
    const deactivateMs = Date.parse(deactivateDate);
    const failing = withDates({
      payment_failed_date: '2026-03-25T00:00:00.000Z',
      deactivate_date: deactivateDate,
    });
    expect(shellView({ currentUser: failing, nowMs: deactivateMs - 1, pathname: '/orders' })).toEqual({
      kind: 'page',
    });
    expect(shellView({ currentUser: failing, nowMs: deactivateMs, pathname: '/orders' })).toEqual({
      kind: 'trial-expired',
      loss: { reason: 'payment-not-received', deactivateDate },
    });
    for (const pathname of ['/organisations/billing', '/logout']) {
      expect(shellView({ currentUser: failing, nowMs: deactivateMs, pathname })).toEqual({ kind: 'page' });
    }
  });

  it('sends someone with only pending invitations to /user/invitations, and keeps them there', () => {
    const pendingOnly = withDates({
      organisations: [
        { ...harbour, invitation_accepted: false },
        { ...bayside, active: false },
      ],
    });
    expect(hasOnlyPendingInvitations(pendingOnly)).toBe(true);
    for (const pathname of ['/', '/orders', '/organisations/details', '/organisations/billing']) {
      expect(shellView({ currentUser: pendingOnly, nowMs: END_MS, pathname })).toEqual({
        kind: 'redirect',
        to: '/user/invitations',
      });
    }
    expect(shellView({ currentUser: pendingOnly, nowMs: END_MS, pathname: '/user/invitations' })).toEqual({
      kind: 'invitations-only',
    });
  });

  it('does not disable the app while an accepted active organisation remains', () => {
    const mixed = withDates({ organisations: [harbour, { ...bayside, invitation_accepted: false }] });
    expect(hasOnlyPendingInvitations(mixed)).toBe(false);
    expect(shellView({ currentUser: mixed, nowMs: END_MS, pathname: '/orders' })).toEqual({ kind: 'page' });
  });

  it('does not disable the app for someone with no organisation and nothing pending', () => {
    const none = withDates({ organisations: [] });
    expect(hasOnlyPendingInvitations(none)).toBe(false);
    expect(shellView({ currentUser: none, nowMs: END_MS, pathname: '/' })).toEqual({ kind: 'page' });
  });
});
