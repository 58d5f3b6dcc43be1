import { type PeriodChoice, ReportDatePreset } from '@tradeport/contract';
import type { z } from 'zod';
import { formatDate } from '#lib/format.ts';

// A period as the payments overview, the statement dialog and the reports choose it: one of SPEC
// §3's presets, or two days typed in. The contract's own query schema (OverviewQuery,
// StatementQuery, ReportPeriodQuery) says whether the days make a period, so the screen and the
// server refuse the same things in the same words.

export const CUSTOM = 'CUSTOM';
export type PeriodPick = ReportDatePreset | typeof CUSTOM;

/** What the period fields hold: a preset, or custom with its days ('' until typed). */
export type PeriodValue = { pick: PeriodPick; from: string; to: string };

export type PeriodErrors = Partial<Record<'pick' | 'from' | 'to', string>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (value: string | null) => (value && DATE.test(value) ? value : '');

/** The period an address names (`?period=` or `?from=&to=`); neither, or junk: `fallback`. */
export function periodFromSearch(search: URLSearchParams, fallback: ReportDatePreset): PeriodValue {
  const preset = ReportDatePreset.safeParse(search.get('period'));
  if (preset.success) return { pick: preset.data, from: '', to: '' };
  const from = dateOf(search.get('from'));
  const to = dateOf(search.get('to'));
  if (from || to) return { pick: CUSTOM, from, to };
  return { pick: fallback, from: '', to: '' };
}

/** The address's query for a period, the rest of it kept. */
export function withPeriod(search: URLSearchParams, value: PeriodValue): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of ['period', 'from', 'to']) next.delete(name);
  if (value.pick !== CUSTOM) next.set('period', value.pick);
  else {
    if (value.from) next.set('from', value.from);
    if (value.to) next.set('to', value.to);
  }
  return next;
}

/** The query the API takes for what the fields hold. */
export function periodChoiceOf(value: PeriodValue): PeriodChoice {
  if (value.pick !== CUSTOM) return { period: value.pick };
  return { ...(value.from ? { from: value.from } : {}), ...(value.to ? { to: value.to } : {}) };
}

/**
 * Why the fields do not make a period, by field; empty when they do. Custom dates left blank are
 * refused here (the API would read "neither" as its default period, which is not what was asked).
 */
export function periodErrors(value: PeriodValue, schema: z.ZodType): PeriodErrors {
  if (value.pick === CUSTOM && !value.from && !value.to) {
    return { from: 'Choose the first day', to: 'Choose the last day' };
  }
  const parsed = schema.safeParse(periodChoiceOf(value));
  if (parsed.success) return {};
  const errors: PeriodErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'period' ? 'pick' : issue.path[0];
    if (field === 'pick' || field === 'from' || field === 'to') errors[field] ??= issue.message;
  }
  return errors;
}

/** Days from and to, both included, as "01/03/2025 – 31/03/2025" (one day once). */
export function periodLabel(period: { from: string; to: string }): string {
  const from = formatDate(period.from);
  return period.from === period.to ? from : `${from} – ${formatDate(period.to)}`;
}
