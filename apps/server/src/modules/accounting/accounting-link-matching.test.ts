import { describe, expect, it } from 'vitest';
import {
  abnKey,
  booksNameKey,
  codeKey,
  type MatchableContact,
  type MatchableCustomer,
  nameKey,
  suggestContacts,
} from './accounting-link-matching.ts';

// Automatic matching's rules, as pure functions: ABN, then email, then name; one contact to one
// customer at most; ambiguity suggests nothing.

const customer = (id: string, fields: Partial<MatchableCustomer> = {}): MatchableCustomer => ({
  id,
  name: `Customer ${id}`,
  abn: null,
  email: null,
  ...fields,
});
const contact = (id: string, fields: Partial<MatchableContact> = {}): MatchableContact => ({
  id,
  name: `Contact ${id}`,
  email: null,
  taxNumber: null,
  ...fields,
});

const pairs = (customers: MatchableCustomer[], contacts: MatchableContact[]) =>
  Object.fromEntries(
    [...suggestContacts(customers, contacts)].map(([id, s]) => [id, `${s.contact.id} ${s.reason}`]),
  );

describe('the keys compared', () => {
  it('reads an ABN as its 11 digits, whatever the spacing', () => {
    expect(abnKey('51 824 753 556')).toBe('51824753556');
    expect(abnKey('51-824-753-556')).toBe('51824753556');
    expect(abnKey('1234')).toBeNull();
    expect(abnKey(null)).toBeNull();
  });

  it('reads names without case, spacing, punctuation or the company suffix', () => {
    expect(nameKey('Bean There Café Pty. Ltd.')).toBe('bean there café');
    expect(nameKey('  bean   there CAFÉ ')).toBe('bean there café');
    expect(nameKey('Smith & Sons Proprietary Limited')).toBe('smith and sons');
    expect(nameKey('Acme P/L')).toBe('acme');
    expect(nameKey('Ltd')).toBe('ltd');
    expect(nameKey('...')).toBeNull();
  });

  it('keeps the books’ own uniqueness (case and surrounding spaces only) apart from matching', () => {
    expect(booksNameKey('  Bean There Café ')).toBe('bean there café');
    expect(booksNameKey('Bean There Café Pty Ltd')).not.toBe(booksNameKey('Bean There Café'));
    expect(codeKey(' Cb-1L ')).toBe('cb-1l');
  });
});

describe('suggestContacts', () => {
  it('matches by ABN first, then email, then name', () => {
    expect(
      pairs(
        [
          customer('a', { abn: '51824753556', email: 'a@example.test', name: 'Alpha' }),
          customer('b', { email: 'Orders@Beta.example ' }),
          customer('c', { name: 'Gamma Foods Pty Ltd' }),
          customer('d', { name: 'Nobody' }),
        ],
        [
          // Alpha's email and name are on another contact, but its ABN is here: the ABN wins.
          contact('x1', { taxNumber: '51 824 753 556' }),
          contact('x2', { email: 'a@example.test', name: 'Alpha' }),
          contact('x3', { email: 'orders@beta.example' }),
          contact('x4', { name: 'GAMMA FOODS' }),
        ],
      ),
    ).toEqual({ a: 'x1 ABN', b: 'x3 EMAIL', c: 'x4 NAME' });
  });

  it('suggests a contact to one customer at most, and nothing where a key is ambiguous', () => {
    expect(
      pairs(
        [customer('a', { name: 'Harbour Café' }), customer('b', { name: ' harbour  CAFÉ' })],
        [contact('x', { name: 'Harbour Café' })],
      ),
    ).toEqual({});
    expect(
      pairs(
        [customer('a', { name: 'Harbour Café' })],
        [contact('x', { name: 'Harbour Café' }), contact('y', { name: 'harbour café' })],
      ),
    ).toEqual({});
  });

  it('lets a later pass tell apart what an earlier one could not', () => {
    // Two venues of one company share its ABN; their emails say which contact is which.
    const abn = '51824753556';
    expect(
      pairs(
        [
          customer('a', { abn, email: 'north@venue.example' }),
          customer('b', { abn, email: 'south@venue.example' }),
        ],
        [
          contact('x', { taxNumber: abn, email: 'south@venue.example' }),
          contact('y', { taxNumber: abn, email: 'north@venue.example' }),
        ],
      ),
    ).toEqual({ a: 'y EMAIL', b: 'x EMAIL' });
  });

  it('never pairs a customer with a contact whose ABN is another', () => {
    expect(
      pairs(
        [customer('a', { abn: '51824753556', name: 'Bean There' })],
        [contact('x', { taxNumber: '53004085616', name: 'Bean There' })],
      ),
    ).toEqual({});
    // Without an ABN on one side, the name still pairs them.
    expect(
      pairs(
        [customer('a', { abn: '51824753556', name: 'Bean There' })],
        [contact('x', { name: 'Bean There' })],
      ),
    ).toEqual({
      a: 'x NAME',
    });
  });

  it('does not depend on the order of either list', () => {
    const customers = [
      customer('a', { name: 'One' }),
      customer('b', { email: 'two@example.test' }),
      customer('c', { name: 'Three' }),
    ];
    const contacts = [
      contact('x', { name: 'one' }),
      contact('y', { email: 'TWO@example.test' }),
      contact('z', { name: 'three ltd' }),
    ];
    const expected = pairs(customers, contacts);
    expect(pairs([...customers].reverse(), [...contacts].reverse())).toEqual(expected);
    expect(expected).toEqual({ a: 'x NAME', b: 'y EMAIL', c: 'z NAME' });
  });
});
