import { describe, expect, it } from 'vitest';
import { MAX_DAYS_BY_DAY, timeBuckets } from './time-buckets.ts';

describe('timeBuckets', () => {
  it('draws a period up to a quarter day by day', () => {
    const period = { from: '2026-01-01', to: '2026-04-01' }; // 91 days
    const points = [
      { date: '2026-01-01', cents: 100 },
      { date: '2026-01-02', cents: 0 },
    ];
    expect(timeBuckets(points, period)).toEqual({
      unit: 'day',
      buckets: [
        { label: '01/01', cents: 100 },
        { label: '02/01', cents: 0 },
      ],
    });
    expect(MAX_DAYS_BY_DAY).toBe(92);
  });

  it('sums a longer period by month, in order', () => {
    const period = { from: '2025-12-15', to: '2026-03-31' };
    const points = [
      { date: '2026-01-31', cents: 5 },
      { date: '2025-12-15', cents: 100 },
      { date: '2026-01-01', cents: 20 },
      { date: '2025-12-31', cents: 1 },
    ];
    expect(timeBuckets(points, period)).toEqual({
      unit: 'month',
      buckets: [
        { label: 'Dec 2025', cents: 101 },
        { label: 'Jan 2026', cents: 25 },
      ],
    });
  });
});
