import { describe, expect, it } from 'vitest';
import { statementFilename } from './statement.ts';

describe('statementFilename', () => {
  it('names the customer plainly and the period by its days or its preset', () => {
    expect(statementFilename('Café Aroma', { from: '2025-03-01', to: '2025-03-31' })).toBe(
      'statement-cafe-aroma-2025-03-01-to-2025-03-31.pdf',
    );
    expect(statementFilename('Bean & Leaf Pty Ltd', { period: 'LAST_MONTH' })).toBe(
      'statement-bean-leaf-pty-ltd-last-month.pdf',
    );
    expect(statementFilename('☕', {})).toBe('statement-customer-this-month.pdf');
  });
});
