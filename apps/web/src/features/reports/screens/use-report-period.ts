import { DEFAULT_REPORT_PERIOD, type PeriodChoice, ReportPeriodQuery } from '@tradeport/contract';
import { useSearchParams } from 'react-router';
import {
  type PeriodErrors,
  type PeriodValue,
  periodChoiceOf,
  periodErrors,
  periodFromSearch,
  withPeriod,
} from '#shared/period/period.ts';

export type ReportPeriod = {
  /** What the period fields hold, read from the address. */
  value: PeriodValue;
  errors: PeriodErrors;
  /** What to ask the API for; null while the fields do not make a period. */
  choice: PeriodChoice | null;
  onChange: (value: PeriodValue) => void;
};

/**
 * The reports' period, kept in the address (`?period=LAST_MONTH`, `?from=&to=`) beside the report,
 * so one period carries from report to report and a link opens the same figures.
 */
export function useReportPeriod(): ReportPeriod {
  const [search, setSearch] = useSearchParams();
  const value = periodFromSearch(search, DEFAULT_REPORT_PERIOD);
  const errors = periodErrors(value, ReportPeriodQuery);
  return {
    value,
    errors,
    choice: Object.keys(errors).length === 0 ? periodChoiceOf(value) : null,
    // Replaced, not pushed: typing a date is not a step Back should walk through.
    onChange: (next) => setSearch(withPeriod(search, next), { replace: true }),
  };
}
