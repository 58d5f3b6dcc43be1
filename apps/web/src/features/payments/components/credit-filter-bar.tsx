import { Checkbox, Group } from '@mantine/core';
import { CreditSource } from '@tradeport/contract';
import { SOURCE_OPTIONS } from '../model/payment-labels.ts';
import type { CreditFiltersState } from '../screens/use-credit-filters.ts';
import { isSearchable } from '../screens/use-list-params.ts';
import { EnumFilterSelect } from '#lib/ui/enum-filter-select.tsx';
import { ListSearchInput } from '#lib/ui/list-search-input.tsx';
import { CustomerSelect } from '#shared/customer-picker/customer-select.tsx';

/** Search (number, reason, customer) and the filters the server narrows credits by, kept in the URL. */
export function CreditFilterBar(props: {
  state: CreditFiltersState;
  isMerchant: boolean;
  isSearching: boolean;
}) {
  const { state } = props;
  const { filters } = state;
  const typed = state.searchText.trim();
  const isSearchTooShort = typed.length > 0 && !isSearchable(typed);
  return (
    <Group align="flex-end" gap="md" role="search" aria-label="Filter credits">
      <ListSearchInput
        label="Search credits"
        placeholder={props.isMerchant ? 'Number, reason or customer' : 'Number or reason'}
        value={state.searchText}
        onChange={state.setSearchText}
        isTooShort={isSearchTooShort}
        shortTermKind="a credit number"
        isSearching={props.isSearching}
      />
      <EnumFilterSelect
        label="Source"
        placeholder="Any source"
        data={SOURCE_OPTIONS}
        schema={CreditSource}
        value={filters.source}
        onChange={state.setSource}
        w={180}
      />
      {props.isMerchant && <CustomerSelect value={state.customer} onChange={state.setCustomer} w={200} />}
      <Checkbox
        label="Only with credit left"
        checked={filters.is_available}
        onChange={(event) => state.setAvailable(event.currentTarget.checked)}
        mb={8}
      />
    </Group>
  );
}
