import { lazy } from 'react';

/** The chart as its own chunk: Recharts loads only once an aging report has something to draw. */
export const LazyAgingChart = lazy(async () => ({
  default: (await import('./aging-chart.tsx')).AgingChart,
}));
