import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deliveryDates,
  deliveryFeeCents,
  deliveryMethodProblem,
  type ShippingRules,
} from './shipping-rules.ts';

const SYDNEY = 'Australia/Sydney';

const flat: ShippingRules = {
  kind: 'DELIVERY',
  fee_cents: 1_500,
  fee_bands: [],
  free_above_cents: null,
  minimum_order_cents: null,
  weekdays: [],
  lead_days: 0,
  cut_off_minutes: null,
};

/** Weekday delivery as the demo merchant runs it: Mon–Fri, a day's lead, 2 pm cut-off. */
const weekday: ShippingRules = { ...flat, weekdays: [1, 2, 3, 4, 5], lead_days: 1, cut_off_minutes: 14 * 60 };

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
}

function isoWeekday(iso: string): number {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Today's date in the zone, worked out by another route than the code under test. */
function localToday(now: Date, timeZone: string): string {
  return now.toLocaleDateString('en-CA', { timeZone }); // en-CA writes YYYY-MM-DD
}

const instant = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 11, 31) })
  .map((ms) => new Date(ms));
const zone = fc.constantFrom(SYDNEY, 'Australia/Perth', 'Australia/Adelaide', 'Pacific/Auckland', 'UTC');
const rules: fc.Arbitrary<ShippingRules> = fc.record({
  kind: fc.constantFrom('DELIVERY' as const, 'PICK_UP' as const),
  fee_cents: fc.integer({ min: 0, max: 100_000 }),
  fee_bands: fc.array(
    fc.record({
      from_subtotal_cents: fc.integer({ min: 0, max: 1_000_000 }),
      fee_cents: fc.integer({ min: 0, max: 100_000 }),
    }),
    { maxLength: 10 },
  ),
  free_above_cents: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
  minimum_order_cents: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
  weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }),
  lead_days: fc.integer({ min: 0, max: 30 }),
  cut_off_minutes: fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null }),
});

describe('deliveryFeeCents', () => {
  it('charges the fixed fee without bands', () => {
    expect(deliveryFeeCents(flat, 0)).toBe(1_500);
    expect(deliveryFeeCents(flat, 99_999)).toBe(1_500);
  });

  it('charges the highest band the subtotal reaches, whatever order the bands come in', () => {
    const banded = {
      ...flat,
      fee_cents: 2_000,
      fee_bands: [
        { from_subtotal_cents: 20_000, fee_cents: 500 },
        { from_subtotal_cents: 0, fee_cents: 1_200 },
        { from_subtotal_cents: 10_000, fee_cents: 800 },
      ],
    };
    expect(deliveryFeeCents(banded, 0)).toBe(1_200);
    expect(deliveryFeeCents(banded, 9_999)).toBe(1_200);
    expect(deliveryFeeCents(banded, 10_000)).toBe(800);
    expect(deliveryFeeCents(banded, 19_999)).toBe(800);
    expect(deliveryFeeCents(banded, 20_000)).toBe(500);
  });

  it('charges the fixed fee below the lowest band', () => {
    const banded = { ...flat, fee_cents: 2_000, fee_bands: [{ from_subtotal_cents: 5_000, fee_cents: 0 }] };
    expect(deliveryFeeCents(banded, 4_999)).toBe(2_000);
    expect(deliveryFeeCents(banded, 5_000)).toBe(0);
  });

  it('is free at and above the free-above amount, not a cent below', () => {
    const method = { ...flat, free_above_cents: 30_000 };
    expect(deliveryFeeCents(method, 29_999)).toBe(1_500);
    expect(deliveryFeeCents(method, 30_000)).toBe(0);
  });

  it('is always one of its fees, and 0 from the free-above amount', () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 0, max: 2_000_000 }), (method, subtotal) => {
        const fee = deliveryFeeCents(method, subtotal);
        const fees = [method.fee_cents, ...method.fee_bands.map((band) => band.fee_cents)];
        if (method.free_above_cents !== null && subtotal >= method.free_above_cents) expect(fee).toBe(0);
        else expect(fees).toContain(fee);
      }),
    );
  });
});

describe('deliveryMethodProblem', () => {
  const method = { ...weekday, name: 'Weekday delivery', minimum_order_cents: 15_000 };

  it('says in words why an order below the minimum cannot use the method', () => {
    expect(deliveryMethodProblem(method, 14_999)).toBe(
      'Orders by Weekday delivery need at least $150.00 before delivery (ex GST)',
    );
  });

  it('has no problem at or above the minimum, or without one', () => {
    expect(deliveryMethodProblem(method, 15_000)).toBeNull();
    expect(deliveryMethodProblem({ ...method, minimum_order_cents: null }, 0)).toBeNull();
  });

  it('groups thousands and words an unnamed method', () => {
    expect(deliveryMethodProblem({ ...weekday, minimum_order_cents: 150_000 }, 0)).toBe(
      'Orders by this method need at least $1,500.00 before delivery (ex GST)',
    );
  });

  it('objects exactly when the subtotal is below the minimum', () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 0, max: 2_000_000 }), (rule, subtotal) => {
        const problem = deliveryMethodProblem(rule, subtotal);
        const isBelow = rule.minimum_order_cents !== null && subtotal < rule.minimum_order_cents;
        expect(problem !== null).toBe(isBelow);
      }),
    );
  });
});

describe('deliveryDates', () => {
  // Tuesday 24 November 2026; Sydney is on AEDT (UTC+11).
  const tuesday = (time: string) => new Date(`2026-11-24T${time}+11:00`);

  it('delivers the next weekday when ordered before the cut-off', () => {
    expect(deliveryDates({ method: weekday, now: tuesday('13:59'), timeZone: SYDNEY, count: 3 })).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
  });

  it('counts an order at or after the cut-off as the next day’s', () => {
    expect(deliveryDates({ method: weekday, now: tuesday('14:00'), timeZone: SYDNEY, count: 1 })).toEqual([
      '2026-11-26',
    ]);
  });

  it('skips the weekend to the next delivery day', () => {
    const friday = new Date('2026-11-27T09:00+11:00');
    expect(deliveryDates({ method: weekday, now: friday, timeZone: SYDNEY, count: 2 })).toEqual([
      '2026-11-30',
      '2026-12-01',
    ]);
  });

  it('reads today in the merchant’s zone, not in UTC', () => {
    // 13:30 UTC on Monday (before the cut-off there) is 00:30 on Tuesday in Sydney.
    const now = new Date('2026-11-23T13:30:00Z');
    expect(deliveryDates({ method: weekday, now, timeZone: SYDNEY, count: 1 })).toEqual(['2026-11-25']);
    expect(deliveryDates({ method: weekday, now, timeZone: 'UTC', count: 1 })).toEqual(['2026-11-24']);
  });

  it('offers every day, today included, with no weekdays, lead or cut-off', () => {
    expect(deliveryDates({ method: flat, now: tuesday('23:59'), timeZone: SYDNEY, count: 2 })).toEqual([
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('answers nothing for a count of 0 and refuses what would never end', () => {
    expect(deliveryDates({ method: weekday, now: tuesday('10:00'), timeZone: SYDNEY, count: 0 })).toEqual([]);
    expect(() =>
      deliveryDates({
        method: { ...flat, weekdays: [8] },
        now: tuesday('10:00'),
        timeZone: SYDNEY,
        count: 1,
      }),
    ).toThrow(RangeError);
    expect(() => deliveryDates({ method: flat, now: tuesday('10:00'), timeZone: SYDNEY, count: -1 })).toThrow(
      RangeError,
    );
  });

  it('gives `count` ascending dates, all on its weekdays, none before the earliest', () => {
    fc.assert(
      fc.property(rules, instant, zone, fc.integer({ min: 0, max: 15 }), (method, now, timeZone, count) => {
        const dates = deliveryDates({ method, now, timeZone, count });
        expect(dates).toHaveLength(count);
        const earliest = dayNumber(localToday(now, timeZone)) + method.lead_days;
        dates.forEach((date, index) => {
          expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(dayNumber(date)).toBeGreaterThanOrEqual(earliest);
          if (method.weekdays.length > 0) expect(method.weekdays).toContain(isoWeekday(date));
          if (index > 0) expect(dayNumber(date)).toBeGreaterThan(dayNumber(dates[index - 1]!));
        });
        // No allowed day is passed over between the first date and the last.
        if (dates.length > 1) {
          const span = dayNumber(dates.at(-1)!) - dayNumber(dates[0]!) + 1;
          const allowedInSpan = Array.from({ length: span }, (_, offset) =>
            isoDate(dayNumber(dates[0]!) + offset),
          ).filter((date) => method.weekdays.length === 0 || method.weekdays.includes(isoWeekday(date)));
          expect(allowedInSpan).toEqual(dates);
        }
      }),
    );
  });

  it('never gives a later order an earlier first date (1 minute before cut-off vs 1 minute after)', () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 0, max: 3_000 }), (method, dayOffset) => {
        const cutOff = method.cut_off_minutes ?? 600;
        const withCutOff = { ...method, cut_off_minutes: cutOff };
        // Sydney midnight in summer (AEDT); in winter the two instants land an hour off the
        // cut-off, where a later order still must not get an earlier date.
        const base = Date.UTC(2025, 0, 1) + dayOffset * DAY_MS - 11 * 3_600_000;
        const before = new Date(base + (cutOff - 1) * 60_000);
        const after = new Date(base + (cutOff + 1) * 60_000);
        const [first] = deliveryDates({ method: withCutOff, now: before, timeZone: SYDNEY, count: 1 });
        const [later] = deliveryDates({ method: withCutOff, now: after, timeZone: SYDNEY, count: 1 });
        expect(first! <= later!).toBe(true);
      }),
    );
  });

  it('moves its first date on by exactly one day at the cut-off', () => {
    const method = { ...flat, cut_off_minutes: 14 * 60 };
    const [before] = deliveryDates({ method, now: tuesday('13:59'), timeZone: SYDNEY, count: 1 });
    const [after] = deliveryDates({ method, now: tuesday('14:01'), timeZone: SYDNEY, count: 1 });
    expect(dayNumber(after!) - dayNumber(before!)).toBe(1);
  });

  it('neither skips nor repeats a date across Sydney’s DST changes', () => {
    // DST ends 5 April 2026 (03:00 AEDT → 02:00 AEST) and starts 4 October 2026 (02:00 → 03:00).
    for (const start of ['2026-04-03T00:00:00Z', '2026-10-02T00:00:00Z']) {
      let previous: string | undefined;
      for (let step = 0; step < 4 * 24 * 4; step += 1) {
        const now = new Date(Date.parse(start) + step * 15 * 60_000);
        const dates = deliveryDates({ method: flat, now, timeZone: SYDNEY, count: 5 });
        // Every day runs: five consecutive calendar dates from today.
        expect(dates.map(dayNumber)).toEqual([0, 1, 2, 3, 4].map((n) => dayNumber(dates[0]!) + n));
        expect(dates[0]).toBe(localToday(now, SYDNEY));
        // Time only moves forward: today stays or becomes tomorrow, never jumps two days.
        if (previous) expect([0, 1]).toContain(dayNumber(dates[0]!) - dayNumber(previous));
        previous = dates[0];
      }
    }
  });
});

function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
