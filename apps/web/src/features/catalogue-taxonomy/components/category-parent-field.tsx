import { NativeSelect } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Category } from '@tradeport/contract';
import { useTopLevelCategories } from '../api/list-top-level-categories.ts';

export type CategoryValues = { name: string; parent_id: string };

const TOP_LEVEL = { value: '', label: 'None (a top-level category)' };

/**
 * The parent of a category: none, or a top-level category (they nest one level). A native select
 * keeps it keyboard-friendly, with type-ahead over a long list.
 */
export function CategoryParentField(props: {
  form: UseFormReturnType<CategoryValues>;
  category: Category | null;
}) {
  const { form, category } = props;
  const query = useTopLevelCategories();
  const hasChildren = (category?.children_count ?? 0) > 0;
  const chosen = form.values.parent_id;

  const options = [
    TOP_LEVEL,
    ...(query.data ?? [])
      .filter((parent) => parent.id !== category?.id)
      .map((parent) => ({ value: parent.id, label: parent.name })),
  ];
  // A parent the list has not brought (still loading) stays chosen under a stand-in label: left
  // out, the select would show "None" and saving would quietly move the category to the top.
  if (chosen && !options.some((option) => option.value === chosen)) {
    options.push({ value: chosen, label: query.isPending ? 'Loading…' : 'Current parent' });
  }

  let description = 'Optional. Sub-categories sit one level under a top-level category.';
  if (hasChildren) description = 'It has sub-categories of its own, so it stays top-level.';
  else if (query.isError) description = 'The categories to choose from could not be loaded.';

  return (
    <NativeSelect
      label="Parent category"
      description={description}
      data={options}
      {...form.getInputProps('parent_id')}
      disabled={hasChildren || form.submitting}
    />
  );
}
