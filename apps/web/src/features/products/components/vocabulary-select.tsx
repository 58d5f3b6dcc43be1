import { type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorProps } from '#lib/forms/use-contract-form.ts';
import { useVocabulary } from '../api/list-vocabulary.ts';
import type { VocabularyKind } from '../api/product-keys.ts';
import type { Picked } from '../model/product-form.ts';

const SEARCH_DEBOUNCE_MS = 250;

// The server has already matched the search (a merchant may have thousands of brands, so only the
// first matches come back); filtering again here would hide matches it found by other means.
const trustServer: OptionsFilter = ({ options }) => options;

/**
 * A searchable picker over one vocabulary list (brands, suppliers, categories, units), searched on
 * the server as the person types and loaded only once the picker is first used. The picked option
 * always stays among the choices, so it shows even when it is not among the current matches.
 */
export function VocabularySelect(props: {
  kind: VocabularyKind;
  label: string;
  value: Picked;
  onChange: (value: Picked) => void;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  w?: number | string;
}) {
  const [isUsed, setIsUsed] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [debouncedText] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  // The box shows the picked name; only text that differs from it is a search.
  const typed = debouncedText.trim();
  const search = typed && typed !== props.value?.label ? typed : null;
  const query = useVocabulary(props.kind, search, { enabled: isUsed });

  const options = query.data ?? [];
  const picked = props.value;
  const data =
    picked && !options.some((option) => option.value === picked.value) ? [picked, ...options] : options;

  let nothingFound = 'No matches';
  if (query.isError) nothingFound = 'The choices could not be loaded';
  else if (query.isFetching) nothingFound = 'Loading…';

  return (
    <Select
      label={props.label}
      placeholder={props.placeholder ?? 'None'}
      data={data}
      value={picked?.value ?? null}
      onChange={(value, option) => props.onChange(value && option ? { value, label: option.label } : null)}
      onSearchChange={setSearchText}
      onFocus={() => setIsUsed(true)}
      onDropdownOpen={() => setIsUsed(true)}
      filter={trustServer}
      searchable
      clearable
      // Mantine hides the clear button from keyboards and screen readers; this one is reachable.
      clearButtonProps={{
        'aria-label': `Clear ${props.label.toLowerCase()}`,
        'aria-hidden': false,
        tabIndex: 0,
      }}
      nothingFoundMessage={nothingFound}
      error={props.error}
      errorProps={errorProps}
      disabled={props.disabled}
      w={props.w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
