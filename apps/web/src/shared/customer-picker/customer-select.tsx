import { type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MIN_SEARCH_CHARS } from '@tradeport/contract';
import { useState } from 'react';
import { useCustomerOptions } from './customer-options.ts';

const SEARCH_DEBOUNCE_MS = 250;

/** A customer picked in a filter or a form: its organisation id and name, or none. */
export type PickedCustomer = { value: string; label: string } | null;

// The server has matched the search already; filtering again here would hide what it found.
const trustServer: OptionsFilter = ({ options }) => options;

/**
 * The merchant's customers as a searchable picker, searched on the server as the person types
 * (2+ characters) and loaded once it is first used. The picked customer always stays among the
 * choices, so it shows even when it is not among the current matches. A filter ("Any customer")
 * or a form's field (required, with its error).
 */
export function CustomerSelect(props: {
  value: PickedCustomer;
  onChange: (value: PickedCustomer) => void;
  label?: string;
  placeholder?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  w?: number;
}) {
  const [isUsed, setIsUsed] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [debouncedText] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const typed = debouncedText.trim();
  const search = typed.length >= MIN_SEARCH_CHARS && typed !== props.value?.label ? typed : null;
  const query = useCustomerOptions(search, { enabled: isUsed });

  const options = query.data ?? [];
  const picked = props.value;
  const data =
    picked && !options.some((option) => option.value === picked.value) ? [picked, ...options] : options;

  let nothingFound = 'No matching customers';
  if (query.isError) nothingFound = 'The customers could not be loaded';
  else if (query.isFetching) nothingFound = 'Loading…';

  return (
    <Select
      label={props.label ?? 'Customer'}
      placeholder={props.placeholder ?? 'Any customer'}
      data={data}
      value={picked?.value ?? null}
      onChange={(value, option) => props.onChange(value && option ? { value, label: option.label } : null)}
      onSearchChange={setSearchText}
      onFocus={() => setIsUsed(true)}
      onDropdownOpen={() => setIsUsed(true)}
      filter={trustServer}
      searchable
      clearable={!props.required}
      // Mantine hides the clear button from keyboards and screen readers; this one is reachable.
      clearButtonProps={{ 'aria-label': 'Clear customer', 'aria-hidden': false, tabIndex: 0 }}
      nothingFoundMessage={nothingFound}
      error={props.error}
      errorProps={{ role: 'alert' }}
      withAsterisk={props.required}
      aria-invalid={props.error ? true : undefined}
      disabled={props.disabled}
      w={props.w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
