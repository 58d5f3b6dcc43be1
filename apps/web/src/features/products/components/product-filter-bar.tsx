import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { MIN_SEARCH_CHARS, type ProductStatus } from '@tradeport/contract';
import type { ProductFiltersState } from '../screens/use-product-filters.ts';
import { VocabularySelect } from './vocabulary-select.tsx';

const STATUS_OPTIONS: { value: ProductStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

const PICKER_WIDTH = 200;

/** The vocabulary the list filters by, each as a searchable picker. */
const FILTER_PICKERS = [
  { kind: 'brands', field: 'brand', label: 'Brand' },
  { kind: 'suppliers', field: 'supplier', label: 'Supplier' },
  { kind: 'categories', field: 'category', label: 'Category' },
] as const;

/** Search (name, SKU, brand) and the filters the server narrows the list by. */
export function ProductFilterBar(props: { state: ProductFiltersState; isSearching: boolean }) {
  const { state } = props;
  const typed = state.searchText.trim();
  const isSearchTooShort = typed.length > 0 && typed.length < MIN_SEARCH_CHARS;
  return (
    <Group align="flex-end" gap="md" role="search" aria-label="Filter products">
      <TextInput
        type="search"
        label="Search products"
        placeholder="Name, SKU or brand"
        value={state.searchText}
        onChange={(event) => state.setSearchText(event.currentTarget.value)}
        description={isSearchTooShort ? `Type at least ${MIN_SEARCH_CHARS} characters to search` : undefined}
        aria-busy={props.isSearching || undefined}
        style={{ flex: '1 1 240px', maxWidth: 360 }}
      />
      {FILTER_PICKERS.map(({ kind, field, label }) => (
        <VocabularySelect
          key={field}
          kind={kind}
          label={label}
          placeholder={`Any ${label.toLowerCase()}`}
          value={state.picked[field]}
          onChange={(value) => state.setPicked(field, value)}
          w={PICKER_WIDTH}
        />
      ))}
      <SegmentedControl
        aria-label="Status"
        data={STATUS_OPTIONS}
        value={state.status}
        onChange={(value) =>
          state.setStatus(STATUS_OPTIONS.find((option) => option.value === value)?.value ?? 'active')
        }
      />
    </Group>
  );
}
