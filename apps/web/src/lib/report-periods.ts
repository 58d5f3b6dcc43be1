import { REPORT_DATE_PRESETS, type ReportDatePreset } from '@tradeport/contract';

// SPEC §3's report date presets in words, for every screen that picks a period (orders placed,
// payments received, statements), so one preset reads the same everywhere.

export const REPORT_PERIOD_LABELS: Record<ReportDatePreset, string> = {
  TODAY: 'Today',
  YESTERDAY: 'Yesterday',
  LAST_7_DAYS: 'Last 7 days',
  LAST_14_DAYS: 'Last 14 days',
  LAST_30_DAYS: 'Last 30 days',
  LAST_90_DAYS: 'Last 90 days',
  THIS_WEEK: 'This week',
  LAST_WEEK: 'Last week',
  THIS_MONTH: 'This month',
  LAST_MONTH: 'Last month',
  THIS_YEAR: 'This year',
  LAST_YEAR: 'Last year',
};

export const REPORT_PERIOD_OPTIONS = REPORT_DATE_PRESETS.map((preset) => ({
  value: preset,
  label: REPORT_PERIOD_LABELS[preset],
}));
