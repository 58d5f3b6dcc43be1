import { z } from 'zod';
import { addDays, type DayRange, presetDayRange } from './date-presets.ts';
import type { ReportDatePreset } from './enums.ts';

// Receivables (issue 11): how overdue an unpaid invoice is, which aging bucket that puts it in, the
// period a report or statement covers, and how much of a credit limit a balance uses. One place
// each, so the outstanding list, its filters, the overview, the CSV and the screens agree.

const DAY_MS = 86_400_000;

/** Aging buckets by days past the due date. A not-yet-due invoice is 0 days overdue: "0–30". */
export const AGING_BUCKETS = ['DAYS_0_30', 'DAYS_31_60', 'DAYS_61_90', 'DAYS_90_PLUS'] as const;
export const AgingBucket = z.enum(AGING_BUCKETS);
export type AgingBucket = z.infer<typeof AgingBucket>;

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  DAYS_0_30: '0–30 days',
  DAYS_31_60: '31–60 days',
  DAYS_61_90: '61–90 days',
  DAYS_90_PLUS: '90+ days',
};

/** Each bucket's days overdue, both ends included; the last has no end. */
const BUCKET_DAYS: Record<AgingBucket, { min: number; max?: number }> = {
  DAYS_0_30: { min: 0, max: 30 },
  DAYS_31_60: { min: 31, max: 60 },
  DAYS_61_90: { min: 61, max: 90 },
  DAYS_90_PLUS: { min: 91 },
};

/** Whole days between two ISO dates (b − a), through UTC midnights so no zone's DST moves a day. */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/**
 * Days an invoice is past its due date on `today` (the merchant's calendar day): 0 on the due
 * date and before it, 1 the day after.
 */
export function daysOverdue(options: { dueDate: string; today: string }): number {
  return Math.max(0, daysBetween(options.dueDate, options.today));
}

/** Overdue from the day after the due date. */
export function isOverdue(options: { dueDate: string; today: string }): boolean {
  return options.dueDate < options.today;
}

export function agingBucket(daysOverdueCount: number): AgingBucket {
  return AGING_BUCKETS.find((bucket) => {
    const { max } = BUCKET_DAYS[bucket];
    return max === undefined || daysOverdueCount <= max;
  })!;
}

/**
 * The due dates a bucket holds on `today`, both ends included (`from` absent: no lower bound;
 * `to` absent: no upper bound): what the outstanding list filters its index range by.
 */
export function agingDueDates(bucket: AgingBucket, today: string): { from?: string; to?: string } {
  const { min, max } = BUCKET_DAYS[bucket];
  return {
    ...(max === undefined ? {} : { from: addDays(today, -max) }),
    // The first bucket also holds every invoice not yet due.
    ...(min === 0 ? {} : { to: addDays(today, -min) }),
  };
}

/** A period as a query names it: one of SPEC §3's presets, or days from and to (both included). */
export type PeriodChoice = { period?: ReportDatePreset; from?: string; to?: string };

/**
 * The half-open days a period covers in the merchant's zone, as of `now`: the preset, else the
 * dates given, else `fallback`.
 */
export function periodDayRange(
  choice: PeriodChoice,
  options: { now: Date; timeZone: string; fallback: ReportDatePreset },
): DayRange {
  if (choice.from && choice.to) return { from: choice.from, to: addDays(choice.to, 1) };
  return presetDayRange(choice.period ?? options.fallback, options);
}

/** The days of a half-open range, in order. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day < range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Days a range covers (from and to both included, as a query sends them). */
export function periodLengthDays(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/**
 * How much of its credit limit a customer's balance uses, in basis points (10,000 = all of it,
 * more when over), rounded half-up; null without a limit, or with a limit of $0.
 */
export function creditLimitUsedBasisPoints(options: {
  balanceCents: number;
  creditLimitCents: number | null;
}): number | null {
  const { balanceCents, creditLimitCents } = options;
  if (creditLimitCents === null || creditLimitCents <= 0) return null;
  const used = BigInt(Math.max(0, balanceCents)) * 10_000n;
  const limit = BigInt(creditLimitCents);
  return Number((used * 2n + limit) / (limit * 2n));
}

/** Over the limit: a balance above a set limit (a $0 limit allows no balance at all). */
export function isOverCreditLimit(options: { balanceCents: number; creditLimitCents: number | null }) {
  return options.creditLimitCents !== null && options.balanceCents > options.creditLimitCents;
}
