import { lazy } from 'react';

/** The chart as its own chunk: Recharts is the heaviest thing on the home, and the figures show without it. */
export const LazySalesChart = lazy(async () => ({
  default: (await import('./sales-chart.tsx')).SalesChart,
}));
