import { describe, expect, it } from 'vitest';
import { reportFromSearch, salesGroupingOf, withReport } from './report-kinds.ts';

describe('reports in the address', () => {
  it('reads the report named, else sales by product', () => {
    expect(reportFromSearch(new URLSearchParams('report=gst'))).toBe('gst');
    expect(reportFromSearch(new URLSearchParams('report=sales-by-brand'))).toBe('sales-by-brand');
    expect(reportFromSearch(new URLSearchParams('report=profit'))).toBe('sales-by-product');
    expect(reportFromSearch(new URLSearchParams(''))).toBe('sales-by-product');
  });

  it('writes the report, keeping the period', () => {
    expect(withReport(new URLSearchParams('period=LAST_WEEK&report=gst'), 'aging').toString()).toBe(
      'period=LAST_WEEK&report=aging',
    );
  });

  it('knows which reports are sales and by what', () => {
    expect(salesGroupingOf('sales-by-category')).toBe('category');
    expect(salesGroupingOf('payments')).toBeNull();
  });
});
