import type { Category } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { arrangeCategoryRows } from './category-rows.ts';

const category = (id: string, parentId: string | null = null): Category => ({
  id,
  name: id,
  parent_id: parentId,
  children_count: 0,
});

const shape = (rows: ReturnType<typeof arrangeCategoryRows>) =>
  rows.map((row) => `${row.isNested ? '  ' : ''}${row.item.id}`);

describe('arrangeCategoryRows', () => {
  it('puts sub-categories under their parent, each group in name order', () => {
    const rows = arrangeCategoryRows([
      category('Bakery'),
      category('Bread', 'Bakery'),
      category('Cakes', 'Bakery'),
      category('Cheese', 'Dairy'),
      category('Dairy'),
      category('Milk', 'Dairy'),
    ]);
    expect(shape(rows)).toEqual(['Bakery', '  Bread', '  Cakes', 'Dairy', '  Cheese', '  Milk']);
  });

  it('keeps a sub-category in place when its parent is not among the rows', () => {
    const rows = arrangeCategoryRows([
      category('Bread', 'Bakery'),
      category('Dairy'),
      category('Milk', 'Dairy'),
    ]);
    expect(shape(rows)).toEqual(['Bread', 'Dairy', '  Milk']);
  });
});
