import { Stack } from '@mantine/core';
import { useCurrentAccount } from '#lib/current-account.ts';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { RecordPaymentButton } from '#lib/ui/record-payment-button.tsx';
import { usePayments } from '../api/payments-list.ts';
import { NoRecords } from '../components/no-records.tsx';
import { PaymentDrawer } from '../components/payment-drawer.tsx';
import { PaymentFilterBar } from '../components/payment-filter-bar.tsx';
import { ListSkeleton, PaymentsTable } from '../components/payments-table.tsx';
import { usePaymentFilters } from './use-payment-filters.ts';

/**
 * /payments "All Payments": the merchant's payments from every customer (it records them here),
 * or a customer organisation's own payments to its merchants; searched, filtered and paged on the
 * server. A payment opens in a drawer over the list, named by the address.
 */
export function PaymentsScreen() {
  const isMerchant = useCurrentAccount().data?.is_merchant ?? false;
  const filterState = usePaymentFilters();
  const query = usePayments(filterState.filters);
  const payments = query.data?.pages.flatMap((page) => page.items) ?? [];
  const isUpdating = query.isPlaceholderData && query.isFetching;
  const view = isMerchant ? 'merchant' : 'customer';

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="All Payments"
        description={
          isMerchant
            ? 'Every payment your customers made, by card, transfer, credit or otherwise, newest first.'
            : 'Your payments, newest first, and the orders each one paid.'
        }
        actions={isMerchant ? <RecordPaymentButton /> : undefined}
      />
      <PaymentFilterBar state={filterState} isMerchant={isMerchant} isSearching={isUpdating} />
      <PagedListContent
        query={query}
        shown={payments.length}
        singular="payment"
        plural="payments"
        skeleton={<ListSkeleton label="Loading payments" />}
        empty={
          <NoRecords
            plural="payments"
            isFiltered={filterState.isFiltered}
            onClearFilters={filterState.clear}
            description={
              isMerchant
                ? 'Payments show here as your customers pay by card, and as you record the ones they make otherwise.'
                : 'The payments you make show here, with the orders they paid.'
            }
            action={isMerchant ? <RecordPaymentButton /> : undefined}
          />
        }
      >
        <PaymentsTable payments={payments} view={view} isUpdating={isUpdating} />
      </PagedListContent>
      <PaymentDrawer view={view} />
    </Stack>
  );
}
