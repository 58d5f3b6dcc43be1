import { describe, expect, it } from 'vitest';
import type { SubscriptionState } from '../../integrations/stripe/stripe-billing-gateway.ts';
import {
  billingStatusOf,
  isBillingChange,
  nextBillingState,
  type OrganisationBillingDates,
  planOf,
  type StoredSubscription,
} from './billing-state.ts';

// The contract's billing rules, one event at a time and out of order.

const DAY_MS = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

const trial: OrganisationBillingDates = {
  trialEnd: at('2026-03-15T00:00:00Z'),
  paymentFailedDate: null,
  deactivateDate: null,
};

const fresh: StoredSubscription = {
  stripeSubscriptionId: null,
  plan: null,
  status: 'TRIAL',
  stripeStatus: null,
  currentPeriodEnd: null,
  isCancelAtPeriodEnd: false,
  endedAt: null,
  cardBrand: null,
  cardLast4: null,
  syncedAt: null,
};

const subscription = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  id: 'sub_1',
  customerId: 'cus_1',
  stripeStatus: 'active',
  interval: 'month',
  metadata: {},
  currentPeriodEnd: at('2026-04-01T00:00:00Z'),
  isCancelAtPeriodEnd: false,
  endedAt: null,
  card: { brand: 'visa', last4: '4242' },
  ...overrides,
});

/** Applies each (subscription, event time) in turn, as the webhooks would. */
function run(
  steps: { subscription: SubscriptionState; at: Date; syncedAt?: Date }[],
  start = { stored: fresh, organisation: trial },
) {
  let state = start;
  for (const step of steps) {
    const next = nextBillingState({
      stored: state.stored,
      organisation: state.organisation,
      subscription: step.subscription,
      at: step.at,
      syncedAt: step.syncedAt ?? step.at,
    });
    if (next) state = { stored: next.subscription, organisation: next.organisation };
  }
  return state;
}

describe('billingStatusOf', () => {
  it('maps Stripe’s statuses to ours', () => {
    expect(billingStatusOf('active', false)).toBe('ACTIVE');
    expect(billingStatusOf('active', true)).toBe('CANCELLING');
    expect(billingStatusOf('past_due', true)).toBe('PAST_DUE');
    expect(billingStatusOf('unpaid', false)).toBe('PAST_DUE');
    expect(billingStatusOf('canceled', false)).toBe('CANCELLED');
    expect(billingStatusOf('incomplete_expired', false)).toBe('TRIAL');
    expect(billingStatusOf('something_new', false)).toBeUndefined();
  });

  it('reads the plan from the price’s interval, else from what Checkout was asked for', () => {
    expect(planOf({ interval: 'year', metadata: { tradeport_plan: 'MONTHLY' } })).toBe('YEARLY');
    expect(planOf({ interval: null, metadata: { tradeport_plan: 'MONTHLY' } })).toBe('MONTHLY');
    expect(planOf({ interval: null, metadata: { tradeport_plan: 'WEEKLY' } })).toBeNull();
  });
});

describe('nextBillingState', () => {
  it('clears the trial end when the subscription is paid for, and stores it', () => {
    const state = run([{ subscription: subscription(), at: at('2026-03-01T10:00:00Z') }]);
    expect(state.organisation).toEqual({ trialEnd: null, paymentFailedDate: null, deactivateDate: null });
    expect(state.stored).toMatchObject({
      stripeSubscriptionId: 'sub_1',
      plan: 'MONTHLY',
      status: 'ACTIVE',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
  });

  it('sets payment_failed_date once on a failed renewal, deactivate_date exactly the grace later', () => {
    const failedAt = at('2026-04-01T01:00:00Z');
    const state = run([
      { subscription: subscription(), at: at('2026-03-01T10:00:00Z') },
      { subscription: subscription({ stripeStatus: 'past_due' }), at: failedAt },
      // Stripe's retry three days on fails too: the dates stay.
      { subscription: subscription({ stripeStatus: 'past_due' }), at: at('2026-04-04T01:00:00Z') },
    ]);
    expect(state.stored.status).toBe('PAST_DUE');
    expect(state.organisation.paymentFailedDate).toEqual(failedAt);
    expect(state.organisation.deactivateDate).toEqual(new Date(failedAt.getTime() + 7 * DAY_MS));
  });

  it('takes the earliest failure when the events arrive late and out of order', () => {
    const state = run([
      { subscription: subscription(), at: at('2026-03-01T10:00:00Z') },
      // The subscription's update is delivered first; the invoice's failure, made before it, after.
      { subscription: subscription({ stripeStatus: 'past_due' }), at: at('2026-04-02T00:00:00Z') },
      {
        subscription: subscription({ stripeStatus: 'past_due' }),
        at: at('2026-04-01T01:00:00Z'),
        syncedAt: at('2026-04-02T00:05:00Z'),
      },
    ]);
    expect(state.organisation.paymentFailedDate).toEqual(at('2026-04-01T01:00:00Z'));
    expect(state.organisation.deactivateDate).toEqual(at('2026-04-08T01:00:00Z'));
  });

  it('clears both dates at once when the next invoice is paid', () => {
    const state = run([
      { subscription: subscription({ stripeStatus: 'past_due' }), at: at('2026-04-01T01:00:00Z') },
      { subscription: subscription(), at: at('2026-04-03T00:00:00Z') },
    ]);
    expect(state.organisation).toEqual({ trialEnd: null, paymentFailedDate: null, deactivateDate: null });
  });

  it('keeps access while cancelling, and ends it when the subscription ended', () => {
    const endedAt = at('2026-04-01T00:00:00Z');
    const cancelling = run([
      { subscription: subscription(), at: at('2026-03-01T10:00:00Z') },
      { subscription: subscription({ isCancelAtPeriodEnd: true }), at: at('2026-03-10T00:00:00Z') },
    ]);
    expect(cancelling.stored.status).toBe('CANCELLING');
    expect(cancelling.organisation.deactivateDate).toBeNull();
    const ended = run(
      [{ subscription: subscription({ stripeStatus: 'canceled', endedAt }), at: endedAt }],
      cancelling,
    );
    expect(ended.stored.status).toBe('CANCELLED');
    expect(ended.organisation).toEqual({ trialEnd: null, paymentFailedDate: null, deactivateDate: endedAt });
  });

  it('refuses a read older than the one stored', () => {
    const newer = run([
      {
        subscription: subscription({ stripeStatus: 'canceled', endedAt: at('2026-04-01T00:00:00Z') }),
        at: at('2026-04-01T00:00:00Z'),
      },
    ]);
    const stale = nextBillingState({
      stored: newer.stored,
      organisation: newer.organisation,
      subscription: subscription(),
      at: at('2026-03-01T10:00:00Z'),
      syncedAt: at('2026-03-31T00:00:00Z'),
    });
    expect(stale).toBeUndefined();
  });

  it('lets a new subscription replace an ended one, never a running one, and ignores an older one’s end', () => {
    const running = run([{ subscription: subscription(), at: at('2026-03-01T10:00:00Z') }]);
    const other = subscription({ id: 'sub_2' });
    expect(
      nextBillingState({
        stored: running.stored,
        organisation: running.organisation,
        subscription: other,
        at: at('2026-03-02T00:00:00Z'),
        syncedAt: at('2026-03-02T00:00:00Z'),
      }),
    ).toBeUndefined();
    const ended = run(
      [
        {
          subscription: subscription({ stripeStatus: 'canceled', endedAt: at('2026-04-01T00:00:00Z') }),
          at: at('2026-04-01T00:00:00Z'),
        },
      ],
      running,
    );
    const again = run([{ subscription: other, at: at('2026-05-01T00:00:00Z') }], ended);
    expect(again.stored).toMatchObject({ stripeSubscriptionId: 'sub_2', status: 'ACTIVE' });
    expect(again.organisation.deactivateDate).toBeNull();
    const oldNews = run(
      [
        {
          subscription: subscription({
            id: 'sub_0',
            stripeStatus: 'canceled',
            endedAt: at('2026-05-02T00:00:00Z'),
          }),
          at: at('2026-05-02T00:00:00Z'),
        },
      ],
      { stored: { ...again.stored, status: 'CANCELLED' }, organisation: again.organisation },
    );
    expect(oldNews.stored.stripeSubscriptionId).toBe('sub_2');
  });

  it('leaves the trial alone for a subscription that never started, and for a status it does not know', () => {
    expect(
      run([{ subscription: subscription({ stripeStatus: 'incomplete' }), at: at('2026-03-01T00:00:00Z') }])
        .organisation,
    ).toEqual(trial);
    expect(
      nextBillingState({
        stored: fresh,
        organisation: trial,
        subscription: subscription({ stripeStatus: 'weird' }),
        at: new Date(),
        syncedAt: new Date(),
      }),
    ).toBeUndefined();
  });

  it('tells a change from a read that only says the same again', () => {
    const state = run([{ subscription: subscription(), at: at('2026-03-01T10:00:00Z') }]);
    const same = nextBillingState({
      ...{ stored: state.stored, organisation: state.organisation },
      subscription: subscription(),
      at: at('2026-03-02T00:00:00Z'),
      syncedAt: at('2026-03-02T00:00:00Z'),
    })!;
    expect(isBillingChange({ subscription: state.stored, organisation: state.organisation }, same)).toBe(
      false,
    );
    const renewed = nextBillingState({
      stored: state.stored,
      organisation: state.organisation,
      subscription: subscription({ currentPeriodEnd: at('2026-05-01T00:00:00Z') }),
      at: at('2026-04-01T00:00:00Z'),
      syncedAt: at('2026-04-01T00:00:00Z'),
    })!;
    expect(isBillingChange({ subscription: state.stored, organisation: state.organisation }, renewed)).toBe(
      true,
    );
  });
});
