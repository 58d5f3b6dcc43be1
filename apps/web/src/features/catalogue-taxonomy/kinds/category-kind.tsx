import {
  type Category,
  type CategoryInput,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from '@tradeport/contract';
import { CategoryParentField, type CategoryValues } from '../components/category-parent-field.tsx';
import { ParentCategoryName } from '../components/parent-category-name.tsx';
import { arrangeCategoryRows } from '../model/category-rows.ts';
import type { TaxonomyKind } from '../model/taxonomy-kind.ts';

const NONE = '—';

/** Categories nest one level: a top-level one may have sub-categories, which may not have their own. */
export const categoryKind: TaxonomyKind<Category, typeof CategoryInput, CategoryValues> = {
  key: 'categories',
  title: 'Categories',
  description: 'How your catalogue is organised, with sub-categories one level deep.',
  singular: 'category',
  plural: 'categories',
  endpoints: { list: listCategories, create: createCategory, update: updateCategory, remove: deleteCategory },
  idParam: 'cid',
  emptyValues: { name: '', parent_id: '' },
  valuesOf: (category) => ({ name: category.name, parent_id: category.parent_id ?? '' }),
  inputOf: (values) => ({ name: values.name, parent_id: values.parent_id || null }),
  textFields: [{ field: 'name', label: 'Name', isRequired: true }],
  renderMoreFields: ({ form, item }) => <CategoryParentField form={form} category={item} />,
  columns: [
    {
      header: 'Parent',
      cell: (category) => (category.parent_id ? <ParentCategoryName id={category.parent_id} /> : NONE),
    },
    {
      header: 'Sub-categories',
      align: 'right',
      // A sub-category cannot have any, which a 0 would not say.
      cell: (category) => (category.parent_id ? NONE : category.children_count),
    },
  ],
  arrangeRows: arrangeCategoryRows,
};
