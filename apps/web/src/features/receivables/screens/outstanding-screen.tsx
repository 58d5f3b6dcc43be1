import { Button, Loader, Stack, Text } from '@mantine/core';
import { useCurrentAccount } from '#lib/current-account.ts';
import { formatDate } from '#lib/format.ts';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { useExportOutstanding } from '../api/export-outstanding.ts';
import { useOutstanding } from '../api/outstanding.ts';
import type { OutstandingFilters } from '../api/receivable-keys.ts';
import { MerchantSelect } from '../components/merchant-select.tsx';
import { NoMerchants } from '../components/no-merchants.tsx';
import { NoOutstanding } from '../components/no-outstanding.tsx';
import { OutstandingFilterBar } from '../components/outstanding-filter-bar.tsx';
import {
  OutstandingTable,
  OutstandingTableSkeleton,
  type OutstandingView,
} from '../components/outstanding-table.tsx';
import { useChosenMerchant } from './use-chosen-merchant.ts';
import { useOutstandingFilters } from './use-outstanding-filters.ts';

/**
 * /payments/outstanding "Outstanding payments": unpaid and part-paid invoices with their due
 * dates and how overdue they are, filtered and paged on the server and downloadable as CSV. A
 * merchant's from every customer; a customer organisation's own with its merchant.
 */
export function OutstandingScreen() {
  const account = useCurrentAccount();
  const currentUser = account.data;
  const isMerchant = currentUser?.is_merchant ?? false;
  const merchant = useChosenMerchant({ enabled: currentUser !== undefined && !isMerchant });
  const filterState = useOutstandingFilters();
  const filters: OutstandingFilters = {
    merchant_id: isMerchant ? null : (merchant.chosen?.id ?? null),
    customer_organisation_id: isMerchant ? (filterState.customer?.value ?? null) : null,
    aging: filterState.aging,
    overdue: filterState.overdue,
  };
  const isReady = currentUser !== undefined && (isMerchant || filters.merchant_id !== null);
  const query = useOutstanding(filters, { isReady });
  const exportCsv = useExportOutstanding();

  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];
  const asOf = query.data?.pages[0]?.as_of;
  const isUpdating = query.isPlaceholderData && query.isFetching;
  const view: OutstandingView | null = isMerchant
    ? { kind: 'merchant', canTakePayments: currentUser?.settings.payments_enabled ?? false }
    : merchant.chosen && { kind: 'customer', merchantId: merchant.chosen.id };

  let content;
  if (!currentUser) content = <Loader role="status" aria-label="Loading outstanding invoices" />;
  else if (!isMerchant && merchant.query.isError) {
    content = (
      <LoadFailedAlert
        title="We could not load your merchants"
        message={merchant.query.error.message}
        onRetry={() => void merchant.query.refetch()}
      />
    );
  } else if (!isMerchant && merchant.query.isSuccess && !merchant.chosen) content = <NoMerchants />;
  else {
    content = (
      <PagedListContent
        query={query}
        shown={orders.length}
        singular="outstanding invoice"
        plural="outstanding invoices"
        skeleton={<OutstandingTableSkeleton />}
        empty={
          <NoOutstanding
            isFiltered={filterState.isFiltered}
            merchantTitle={isMerchant ? undefined : merchant.chosen?.title}
            onClearFilters={filterState.clear}
          />
        }
      >
        {asOf && (
          <Text size="sm" c="dimmed">
            Days overdue as of {formatDate(asOf)}, on the merchant’s calendar.
          </Text>
        )}
        {view && <OutstandingTable orders={orders} view={view} isUpdating={isUpdating} />}
      </PagedListContent>
    );
  }

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Outstanding payments"
        description={
          isMerchant
            ? 'Unpaid and part-paid invoices, oldest due first, with how overdue each one is.'
            : 'Your unpaid and part-paid invoices, oldest due first.'
        }
        actions={
          <Button
            variant="default"
            onClick={() => exportCsv.mutate(filters)}
            loading={exportCsv.isPending}
            disabled={!isReady}
          >
            Download CSV
          </Button>
        }
      />
      {!isMerchant && <MerchantSelect state={merchant} />}
      <OutstandingFilterBar state={filterState} isMerchant={isMerchant} />
      {content}
    </Stack>
  );
}
