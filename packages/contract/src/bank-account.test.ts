import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bankAccountFields,
  checkBankAccount,
  formatBsb,
  normaliseBankAccountNumber,
  normaliseBsb,
} from './bank-account.ts';
import { updateOrganisation } from './organisations.ts';

const BankAccount = z.object(bankAccountFields).superRefine(checkBankAccount);

const issuesOf = (input: unknown) =>
  BankAccount.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('normaliseBsb', () => {
  it('reads 062-000, 062 000 and 062000 as six digits', () => {
    expect(normaliseBsb('062-000')).toBe('062000');
    expect(normaliseBsb('062 000')).toBe('062000');
    expect(normaliseBsb(' 062000 ')).toBe('062000');
  });

  it('is undefined for anything that is not six digits', () => {
    for (const bsb of ['06200', '0620001', '062--000', '062/000', 'abc-def', '']) {
      expect(normaliseBsb(bsb), bsb).toBeUndefined();
    }
  });
});

describe('normaliseBankAccountNumber', () => {
  it('takes 6 to 10 digits, spaces stripped', () => {
    expect(normaliseBankAccountNumber('1234 5678')).toBe('12345678');
    expect(normaliseBankAccountNumber('123456')).toBe('123456');
    expect(normaliseBankAccountNumber('12 3456 7890')).toBe('1234567890');
  });

  it('is undefined for fewer than 6 or more than 10 digits, or anything else', () => {
    for (const number of ['12345', '12345678901', '1234-5678', '1234567a']) {
      expect(normaliseBankAccountNumber(number), number).toBeUndefined();
    }
  });
});

describe('formatBsb', () => {
  it('writes a BSB as 062-000 and leaves anything else alone', () => {
    expect(formatBsb('062000')).toBe('062-000');
    expect(formatBsb('062 000')).toBe('062-000');
    expect(formatBsb('1234')).toBe('1234');
  });
});

describe('the bank account of an organisation update', () => {
  it('normalises all three', () => {
    expect(
      BankAccount.parse({
        bank_account_name: '  Harbourside Wholesale Pty Ltd ',
        bank_bsb: '062 000',
        bank_account_number: '1234 5678',
      }),
    ).toEqual({
      bank_account_name: 'Harbourside Wholesale Pty Ltd',
      bank_bsb: '062000',
      bank_account_number: '12345678',
    });
  });

  it('clears with null or blanks, and leaves out what is left out', () => {
    expect(BankAccount.parse({ bank_account_name: null, bank_bsb: '', bank_account_number: ' ' })).toEqual({
      bank_account_name: null,
      bank_bsb: null,
      bank_account_number: null,
    });
    expect(BankAccount.parse({})).toEqual({});
  });

  it('wants all three or none, naming each one missing', () => {
    expect(
      issuesOf({ bank_account_name: 'Harbourside', bank_bsb: '062-000', bank_account_number: '' }),
    ).toEqual([['bank_account_number', expect.stringMatching(/account number too/)]]);
    expect(issuesOf({ bank_bsb: '062000' })).toEqual([
      ['bank_account_name', expect.stringMatching(/account name too/)],
      ['bank_account_number', expect.stringMatching(/account number too/)],
    ]);
  });

  it('refuses a bad BSB, a bad account number and a long name on their fields', () => {
    expect(
      issuesOf({ bank_account_name: 'x'.repeat(101), bank_bsb: '06200', bank_account_number: '12345' }),
    ).toEqual([
      ['bank_account_name', 'Use at most 100 characters'],
      ['bank_bsb', 'Enter a 6-digit BSB, like 062-000'],
      ['bank_account_number', 'Enter an account number of 6 to 10 digits'],
    ]);
  });

  it('is checked by PUT organisations/{id}', () => {
    const body = {
      title: 'Harbourside',
      abn: null,
      contact_email: null,
      phone: null,
      image: null,
      version: 1,
    };
    const details = { address_line1: null, address_line2: null, suburb: null, state: null, postcode: null };
    const result = updateOrganisation.body?.safeParse({ ...body, ...details, bank_bsb: '062-000' });
    expect(result?.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'bank_account_name',
      'bank_account_number',
    ]);
  });
});
