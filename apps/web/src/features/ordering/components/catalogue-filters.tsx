import { Group, Loader, NativeSelect, TextInput } from '@mantine/core';
import { MIN_SEARCH_CHARS } from '@tradeport/contract';
import { useSearchParams } from 'react-router';
import { useCatalogueFacets } from '../api/catalogue-facets.ts';
import type { OrderingScope } from '../api/ordering-keys.ts';
import { categoryOptions, isAmong, type SelectEntry } from '../model/facet-options.ts';

const CATEGORY_PARAM = 'category';
const BRAND_PARAM = 'brand';
const ALL = '';

/** The category and brand chosen, kept in the URL beside the search term (`?q=`). */
export function useChosenFacets() {
  const [searchParams, setSearchParams] = useSearchParams();
  const choose = (param: string) => (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(param, value);
    else next.delete(param);
    setSearchParams(next, { replace: true });
  };
  return {
    categoryId: searchParams.get(CATEGORY_PARAM) || null,
    brandId: searchParams.get(BRAND_PARAM) || null,
    setCategory: choose(CATEGORY_PARAM),
    setBrand: choose(BRAND_PARAM),
  };
}

/**
 * A filter's select: "All …", then the entries; a value chosen that is not among them (an old
 * link, a list cut short) stays shown as chosen, so the select never claims "All" while filtering.
 */
function FacetSelect(props: {
  label: string;
  allLabel: string;
  entries: SelectEntry[];
  value: string | null;
  onChange: (value: string) => void;
}) {
  const { value, entries } = props;
  const isUnlisted = value !== null && !isAmong(entries, value);
  return (
    <NativeSelect
      label={props.label}
      size="md"
      value={value ?? ALL}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      data={[
        { value: ALL, label: props.allLabel },
        ...entries,
        ...(isUnlisted ? [{ value, label: `Chosen ${props.label.toLowerCase()}` }] : []),
      ]}
      // Two to a row beside each other on a phone, beside the search on a wider screen.
      style={{ flex: '1 1 150px' }}
    />
  );
}

/**
 * The catalogue's search box and its category and brand selects. The selects offer what the
 * customer can see products of (the server's facets), so no choice leads to an empty list.
 */
export function CatalogueFilters(props: {
  scope: OrderingScope;
  searchText: string;
  onSearchText: (text: string) => void;
  isUpdating: boolean;
}) {
  const facets = useCatalogueFacets(props.scope);
  const chosen = useChosenFacets();
  const trimmed = props.searchText.trim().length;
  const isSearchTooShort = trimmed > 0 && trimmed < MIN_SEARCH_CHARS;
  const brands = (facets.data?.brands ?? []).map((brand) => ({ value: brand.id, label: brand.name }));

  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        type="search"
        label="Search products"
        placeholder="Name, SKU or brand"
        size="md"
        value={props.searchText}
        onChange={(event) => props.onSearchText(event.currentTarget.value)}
        description={isSearchTooShort ? `Type at least ${MIN_SEARCH_CHARS} characters to search` : undefined}
        rightSection={
          props.isUpdating ? <Loader size="xs" role="status" aria-label="Searching" /> : undefined
        }
        style={{ flex: '1 1 240px' }}
      />
      <FacetSelect
        label="Category"
        allLabel="All categories"
        entries={categoryOptions(facets.data?.categories ?? [])}
        value={chosen.categoryId}
        onChange={chosen.setCategory}
      />
      <FacetSelect
        label="Brand"
        allLabel="All brands"
        entries={brands}
        value={chosen.brandId}
        onChange={chosen.setBrand}
      />
    </Group>
  );
}
