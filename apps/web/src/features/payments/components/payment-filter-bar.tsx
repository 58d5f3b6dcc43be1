import { Group, TextInput } from '@mantine/core';
import { PaymentMethod, PaymentState } from '@tradeport/contract';
import { METHOD_OPTIONS, STATE_OPTIONS } from '../model/payment-labels.ts';
import { isSearchable } from '../screens/use-list-params.ts';
import type { PaymentFiltersState } from '../screens/use-payment-filters.ts';
import { EnumFilterSelect } from '#lib/ui/enum-filter-select.tsx';
import { ListSearchInput } from '#lib/ui/list-search-input.tsx';
import { CustomerSelect } from '#shared/customer-picker/customer-select.tsx';

const PICKER_WIDTH = 200;
const DATE_WIDTH = 160;

/**
 * Search (number, reference, customer) and the filters the server narrows payments by, every one
 * kept in the URL. The customer picker is the merchant's only: a customer sees its own payments.
 */
export function PaymentFilterBar(props: {
  state: PaymentFiltersState;
  isMerchant: boolean;
  isSearching: boolean;
}) {
  const { state } = props;
  const { filters } = state;
  const typed = state.searchText.trim();
  const isSearchTooShort = typed.length > 0 && !isSearchable(typed);
  return (
    <Group align="flex-end" gap="md" role="search" aria-label="Filter payments">
      <ListSearchInput
        label="Search payments"
        placeholder={props.isMerchant ? 'Number, reference or customer' : 'Number or reference'}
        value={state.searchText}
        onChange={state.setSearchText}
        isTooShort={isSearchTooShort}
        shortTermKind="a payment number"
        isSearching={props.isSearching}
      />
      <EnumFilterSelect
        label="State"
        placeholder="Any state"
        data={STATE_OPTIONS}
        schema={PaymentState}
        value={filters.state}
        onChange={state.setState}
        w={PICKER_WIDTH - 40}
      />
      <EnumFilterSelect
        label="Method"
        placeholder="Any method"
        data={METHOD_OPTIONS}
        schema={PaymentMethod}
        value={filters.method}
        onChange={state.setMethod}
        w={PICKER_WIDTH + 30}
      />
      {props.isMerchant && (
        <CustomerSelect value={state.customer} onChange={state.setCustomer} w={PICKER_WIDTH} />
      )}
      <TextInput
        type="date"
        label="Received from"
        value={filters.paid_from ?? ''}
        max={filters.paid_to ?? undefined}
        onChange={(event) => state.setPaidFrom(event.currentTarget.value || null)}
        w={DATE_WIDTH}
      />
      <TextInput
        type="date"
        label="Received to"
        value={filters.paid_to ?? ''}
        min={filters.paid_from ?? undefined}
        onChange={(event) => state.setPaidTo(event.currentTarget.value || null)}
        w={DATE_WIDTH}
      />
    </Group>
  );
}
