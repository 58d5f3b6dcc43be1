import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TaxRule } from '@tradeport/contract';
import { useState } from 'react';
import { useCategoryOptions } from '../api/taxes-api.ts';

/**
 * The rule's categories. Options come from the server (the first page by name, then what is
 * typed), and the ones already chosen keep their labels whatever page is showing.
 */
export function CategoryChooser(props: {
  value: string[];
  onChange: (ids: string[]) => void;
  known: TaxRule['categories'];
  error?: unknown;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useCategoryOptions(debounced);
  const [labels, setLabels] = useState(
    () =>
      new Map(
        props.known.map((category) => [
          category.id,
          category.parent_name ? `${category.parent_name} › ${category.name}` : category.name,
        ]),
      ),
  );
  const page = query.data?.items ?? [];
  const names = new Map(page.map((category) => [category.id, category.name]));
  const labelOf = (category: (typeof page)[number]) => {
    const parent = category.parent_id ? names.get(category.parent_id) : undefined;
    return parent ? `${parent} › ${category.name}` : category.name;
  };
  const options = new Map(labels);
  for (const category of page) options.set(category.id, labelOf(category));

  return (
    <MultiSelect
      label="Categories"
      description="Every product in a chosen category (or its sub-categories) gets this rate, unless it has a rule of its own."
      placeholder={props.value.length === 0 ? 'Search categories' : undefined}
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={props.value}
      onChange={(ids) => {
        // Remember the labels of what is chosen, so they stay when the options page changes.
        setLabels(new Map(ids.map((id) => [id, options.get(id) ?? id])));
        props.onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={query.isPending ? 'Loading categories…' : 'No category by that name'}
      error={props.error as string | undefined}
      maxValues={1_000}
      hidePickedOptions
    />
  );
}
