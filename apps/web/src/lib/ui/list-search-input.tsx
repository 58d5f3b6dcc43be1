import { TextInput } from '@mantine/core';
import { MIN_SEARCH_CHARS } from '@tradeport/contract';

/**
 * A list's search box: what it searches by as a placeholder, and, when the text typed is too
 * short to send (`isTooShort`), what would be long enough; busy while a search is on its way.
 */
export function ListSearchInput(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  isTooShort: boolean;
  /** What a shorter term may still be, in the hint: `an order number`. */
  shortTermKind: string;
  isSearching: boolean;
}) {
  return (
    <TextInput
      type="search"
      label={props.label}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      description={
        props.isTooShort
          ? `Type at least ${MIN_SEARCH_CHARS} characters, or ${props.shortTermKind}`
          : undefined
      }
      aria-busy={props.isSearching || undefined}
      style={{ flex: '1 1 240px', maxWidth: 360 }}
    />
  );
}
