import { Group, NativeSelect, Switch } from '@mantine/core';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, AgingBucket } from '@tradeport/contract';
import type { OutstandingFiltersState } from '../screens/use-outstanding-filters.ts';
import { CustomerSelect } from '#shared/customer-picker/customer-select.tsx';

const ALL_AGES = '';
const AGE_OPTIONS = [
  { value: ALL_AGES, label: 'Any age' },
  ...AGING_BUCKETS.map((bucket) => ({ value: bucket, label: AGING_BUCKET_LABELS[bucket] })),
];

/**
 * The filters the server narrows the outstanding list by, each kept in the address. The customer
 * picker is the merchant's only: a customer organisation sees its own invoices.
 */
export function OutstandingFilterBar(props: { state: OutstandingFiltersState; isMerchant: boolean }) {
  const { state } = props;
  return (
    <Group align="flex-end" gap="md" role="search" aria-label="Filter outstanding invoices">
      {props.isMerchant && <CustomerSelect value={state.customer} onChange={state.setCustomer} w={240} />}
      <NativeSelect
        label="Days past due"
        data={AGE_OPTIONS}
        value={state.aging ?? ALL_AGES}
        onChange={(event) => {
          const bucket = AgingBucket.safeParse(event.currentTarget.value);
          state.setAging(bucket.success ? bucket.data : null);
        }}
        w={170}
      />
      <Switch
        label="Overdue only"
        checked={state.overdue}
        onChange={(event) => state.setOverdue(event.currentTarget.checked)}
        mb={8}
      />
    </Group>
  );
}
