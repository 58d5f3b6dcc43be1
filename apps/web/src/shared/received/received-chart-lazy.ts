import { lazy } from 'react';

/**
 * The chart as its own chunk: Recharts is the heaviest thing on the screens that show it, and the figures
 * and table show without it while it loads.
 */
export const LazyReceivedChart = lazy(async () => ({
  default: (await import('./received-chart.tsx')).ReceivedChart,
}));
