import { Skeleton } from '@mantine/core';
import { useTopLevelCategories } from '../api/list-top-level-categories.ts';

/** A sub-category's parent by name; the list gives only its id, and parents are all top-level. */
export function ParentCategoryName(props: { id: string }) {
  const query = useTopLevelCategories();
  if (query.isPending) return <Skeleton height={12} width="60%" radius="sm" />;
  return query.data?.find((category) => category.id === props.id)?.name ?? 'Unknown category';
}
