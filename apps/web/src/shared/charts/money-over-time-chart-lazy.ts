import { lazy } from 'react';

/**
 * The chart as its own chunk: Recharts is the heaviest thing on the screens that draw it (the
 * merchant's home, the reports), and their figures and tables show without it while it loads.
 */
export const LazyMoneyOverTimeChart = lazy(async () => ({
  default: (await import('./money-over-time-chart.tsx')).MoneyOverTimeChart,
}));
