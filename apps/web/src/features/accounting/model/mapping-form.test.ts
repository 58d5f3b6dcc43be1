import type { AccountingBooks } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { accountChoices } from './mapping-form.ts';
import { providerWords } from './provider-words.ts';

// How the mapping's account pickers label the books' accounts: by code and name where the code is
// the merchant's (Xero's code, MYOB's DisplayID), by name alone where it is the books' internal id
// (QuickBooks', whose account number the server puts in the name).

const quickBooks: AccountingBooks = {
  accounts: [
    { code: '1', name: '4-1000 Sales', use: 'REVENUE' },
    { code: '2', name: 'Other Income', use: 'REVENUE' },
    { code: '4', name: '1-1180 Card Clearing', use: 'PAYMENTS' },
  ],
  tax_rates: [],
};

describe('accountChoices', () => {
  it('labels an account "code – name" unless told the code means nothing to the merchant', () => {
    expect(accountChoices({ books: quickBooks, use: 'REVENUE', saved: null })).toEqual([
      { value: '1', label: '1 – 4-1000 Sales' },
      { value: '2', label: '2 – Other Income' },
    ]);
    expect(accountChoices({ books: quickBooks, use: 'PAYMENTS', saved: null, showsCodes: false })).toEqual([
      { value: '4', label: '1-1180 Card Clearing' },
    ]);
  });

  it('keeps a saved account the books no longer offer, marked, whichever way accounts are labelled', () => {
    expect(accountChoices({ books: quickBooks, use: 'REVENUE', saved: '7', showsCodes: false })).toEqual([
      { value: '1', label: '4-1000 Sales' },
      { value: '2', label: 'Other Income' },
      { value: '7', label: '7 (not available now)' },
    ]);
  });
});

describe('providerWords', () => {
  it('shows account codes for Xero and MYOB, not for QuickBooks Online (its codes are internal ids)', () => {
    expect(providerWords('xero').showsAccountCodes).toBe(true);
    expect(providerWords('myob').showsAccountCodes).toBe(true);
    expect(providerWords('quickbooks').showsAccountCodes).toBe(false);
  });
});
