import { Group, MultiSelect, TextInput } from '@mantine/core';
import { OrderPaymentStatus, OrderStatus, ReportDatePreset } from '@tradeport/contract';
import { PAYMENT_STATUS_OPTIONS, PLACED_PRESET_OPTIONS, STATUS_OPTIONS } from '../model/order-labels.ts';
import { isSearchable, type OrderFiltersState } from '../screens/use-order-filters.ts';
import { EnumFilterSelect } from '#lib/ui/enum-filter-select.tsx';
import { ListSearchInput } from '#lib/ui/list-search-input.tsx';
import { CustomerSelect } from '#shared/customer-picker/customer-select.tsx';

const PICKER_WIDTH = 200;
const DATE_WIDTH = 160;

/**
 * Search (number, customer, product, PO) and the filters the server narrows the list by, every
 * one kept in the URL. The customer picker is the merchant's only: a customer sees its own orders.
 */
export function OrderFilterBar(props: {
  state: OrderFiltersState;
  isMerchant: boolean;
  isSearching: boolean;
}) {
  const { state } = props;
  const { filters } = state;
  const typed = state.searchText.trim();
  const isSearchTooShort = typed.length > 0 && !isSearchable(typed);
  return (
    <Group align="flex-end" gap="md" role="search" aria-label="Filter orders">
      <ListSearchInput
        label="Search orders"
        placeholder={props.isMerchant ? 'Number, customer, product or PO' : 'Number, product or PO'}
        value={state.searchText}
        onChange={state.setSearchText}
        isTooShort={isSearchTooShort}
        shortTermKind="an order number"
        isSearching={props.isSearching}
      />
      <MultiSelect
        label="Status"
        placeholder={filters.statuses.length > 0 ? undefined : 'Any status'}
        data={STATUS_OPTIONS}
        value={[...filters.statuses]}
        onChange={(values) =>
          state.setStatuses(values.filter((value) => OrderStatus.safeParse(value).success) as OrderStatus[])
        }
        clearable
        clearButtonProps={{ 'aria-label': 'Clear status', 'aria-hidden': false, tabIndex: 0 }}
        w={PICKER_WIDTH + 60}
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label="Payment"
        placeholder={filters.payment_statuses.length > 0 ? undefined : 'Any payment status'}
        data={PAYMENT_STATUS_OPTIONS}
        value={[...filters.payment_statuses]}
        onChange={(values) =>
          state.setPaymentStatuses(
            values.filter((value) => OrderPaymentStatus.safeParse(value).success) as OrderPaymentStatus[],
          )
        }
        clearable
        clearButtonProps={{ 'aria-label': 'Clear payment status', 'aria-hidden': false, tabIndex: 0 }}
        w={PICKER_WIDTH + 60}
        comboboxProps={{ withinPortal: true }}
      />
      {props.isMerchant && (
        <CustomerSelect value={state.customer} onChange={state.setCustomer} w={PICKER_WIDTH} />
      )}
      <TextInput
        type="date"
        label="Delivery from"
        value={filters.delivery_from ?? ''}
        max={filters.delivery_to ?? undefined}
        onChange={(event) => state.setDeliveryFrom(event.currentTarget.value || null)}
        w={DATE_WIDTH}
      />
      <TextInput
        type="date"
        label="Delivery to"
        value={filters.delivery_to ?? ''}
        min={filters.delivery_from ?? undefined}
        onChange={(event) => state.setDeliveryTo(event.currentTarget.value || null)}
        w={DATE_WIDTH}
      />
      <EnumFilterSelect
        label="Placed"
        placeholder="Any time"
        data={PLACED_PRESET_OPTIONS}
        schema={ReportDatePreset}
        value={filters.placed}
        onChange={state.setPlaced}
        w={PICKER_WIDTH - 40}
      />
    </Group>
  );
}
