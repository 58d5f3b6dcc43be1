import { describe, expect, it } from 'vitest';
import { completedPercentage, ONBOARDING_STEPS } from './onboarding.ts';

describe('completedPercentage', () => {
  it('rounds the share of steps done to a whole percent', () => {
    expect(ONBOARDING_STEPS).toHaveLength(7);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((done) => completedPercentage(done))).toEqual([
      0, 14, 29, 43, 57, 71, 86, 100,
    ]);
  });

  it('rounds halves up', () => {
    expect(completedPercentage(1, 8)).toBe(13);
  });
});
