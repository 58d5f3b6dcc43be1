import { describe, expect, it } from 'vitest';
import { matchesSearchWords, searchWords } from './product-search.ts';

const oatMilk = { name: 'Barista Oat Milk', sku: 'OAT-1', brandName: 'Vitasoy' };

describe('searchWords', () => {
  it('splits on any run of spaces, once per word ignoring case', () => {
    expect(searchWords('  barista   milk\tMILK oat ')).toEqual(['barista', 'milk', 'oat']);
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('matchesSearchWords', () => {
  it('needs every word, in any order, in the name, SKU or brand', () => {
    expect(matchesSearchWords(oatMilk, 'barista milk')).toBe(true);
    expect(matchesSearchWords(oatMilk, 'MILK barista')).toBe(true);
    expect(matchesSearchWords(oatMilk, 'vitasoy oat-1')).toBe(true);
    expect(matchesSearchWords(oatMilk, 'barista cream')).toBe(false);
  });

  it('never lets a word span the name and the SKU', () => {
    expect(matchesSearchWords(oatMilk, 'milkoat')).toBe(false);
    expect(matchesSearchWords({ ...oatMilk, brandName: null }, 'vitasoy')).toBe(false);
  });
});
