import { describe, expect, it } from 'vitest';
import { notYetDue, outstandingFixture } from '../testing/receivables-fixtures.ts';
import { owedFigures } from './owed.ts';

describe('owedFigures', () => {
  it('adds up what is owed, what is overdue and each aging bucket as the overview does', () => {
    const old = outstandingFixture({
      id: '00000000-0000-4000-8000-000000000777',
      outstanding_cents: 7_001,
      days_overdue: 95,
      aging_bucket: 'DAYS_90_PLUS',
    });
    const figures = owedFigures([outstandingFixture(), notYetDue, old], '2025-03-30');
    expect(figures).toEqual({
      as_of: '2025-03-30',
      outstanding_cents: 22_001,
      outstanding_count: 3,
      overdue_cents: 17_001,
      overdue_count: 2,
      aging: [
        { bucket: 'DAYS_0_30', amount_cents: 15_000, order_count: 2 },
        { bucket: 'DAYS_31_60', amount_cents: 0, order_count: 0 },
        { bucket: 'DAYS_61_90', amount_cents: 0, order_count: 0 },
        { bucket: 'DAYS_90_PLUS', amount_cents: 7_001, order_count: 1 },
      ],
    });
  });

  it('owes nothing with no invoices, every bucket present', () => {
    const figures = owedFigures([], '2025-03-30');
    expect(figures.outstanding_cents).toBe(0);
    expect(figures.aging.map((row) => row.bucket)).toEqual([
      'DAYS_0_30',
      'DAYS_31_60',
      'DAYS_61_90',
      'DAYS_90_PLUS',
    ]);
  });
});
