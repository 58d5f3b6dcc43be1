import { describe, expect, it } from 'vitest';
import { categoryOptions, isAmong } from './facet-options.ts';

const [bakery, drinks, juice, milk, orphan] = ['b', 'd', 'j', 'm', 'o'].map(
  (letter) => `00000000-0000-4000-8000-00000000000${letter === 'o' ? '9' : letter}`,
) as [string, string, string, string, string];

describe('category options', () => {
  it('groups sub-categories under their top-level category, which stays choosable as "All"', () => {
    const entries = categoryOptions([
      { id: bakery, name: 'Bakery', parent_id: null },
      { id: drinks, name: 'Drinks', parent_id: null },
      { id: juice, name: 'Juice', parent_id: drinks },
      { id: milk, name: 'Milk', parent_id: drinks },
      // Its parent was cut from the list: on its own.
      { id: orphan, name: 'Sourdough', parent_id: bakery.replace('b', 'c') },
    ]);
    expect(entries).toEqual([
      { value: bakery, label: 'Bakery' },
      {
        group: 'Drinks',
        items: [
          { value: drinks, label: 'All Drinks' },
          { value: juice, label: 'Juice' },
          { value: milk, label: 'Milk' },
        ],
      },
      { value: orphan, label: 'Sourdough' },
    ]);
    expect(isAmong(entries, juice)).toBe(true);
    expect(isAmong(entries, drinks)).toBe(true);
    expect(isAmong(entries, bakery.replace('b', 'c'))).toBe(false);
  });
});
