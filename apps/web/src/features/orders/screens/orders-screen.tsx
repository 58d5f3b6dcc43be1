import { Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentAccount } from '#lib/current-account.ts';
import { routePath } from '#lib/routes.ts';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { useOrders } from '../api/list-orders.ts';
import { BulkOrderActions } from '../components/bulk-order-actions.tsx';
import { NoOrders } from '../components/no-orders.tsx';
import { PayOutstandingButton } from '../components/order-pay-actions.tsx';
import { OrderFilterBar } from '../components/order-filter-bar.tsx';
import { OrdersTable, OrdersTableSkeleton } from '../components/orders-table.tsx';
import { useOrderFilters } from './use-order-filters.ts';
import { useOrderSelection } from './use-order-selection.ts';

/**
 * /orders "All Orders": a merchant's orders from every customer, or a customer organisation's own
 * orders with its merchants; searched, filtered and paged on the server. The merchant can move the
 * ticked orders to a status and download their invoices or packing slips.
 */
export function OrdersScreen() {
  const isMerchant = useCurrentAccount().data?.is_merchant ?? false;
  const filterState = useOrderFilters();
  const { filters } = filterState;
  const query = useOrders(filters);
  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];
  const rows = useOrderSelection(
    JSON.stringify(filters),
    orders.map((order) => order.id),
  );
  const isUpdating = query.isPlaceholderData && query.isFetching;
  const selectedOrders = orders.filter((order) => rows.selection.selected.has(order.id));

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="All Orders"
        description={
          isMerchant
            ? 'Every order your customers placed or you entered for them, newest first.'
            : 'Your orders, newest first, with their status and invoices.'
        }
        actions={
          <Group gap="xs">
            <PayOutstandingButton />
            <Button component={Link} to={routePath('/orders/create')}>
              Create New Order
            </Button>
          </Group>
        }
      />
      <OrderFilterBar state={filterState} isMerchant={isMerchant} isSearching={isUpdating} />
      <PagedListContent
        query={query}
        shown={orders.length}
        singular="order"
        plural="orders"
        skeleton={<OrdersTableSkeleton />}
        empty={
          <NoOrders
            isFiltered={filterState.isFiltered}
            isMerchant={isMerchant}
            onClearFilters={filterState.clear}
          />
        }
      >
        {isMerchant && <BulkOrderActions orders={selectedOrders} onMoved={rows.clear} />}
        <OrdersTable
          orders={orders}
          view={isMerchant ? 'merchant' : 'customer'}
          selection={isMerchant ? rows.selection : undefined}
          isUpdating={isUpdating}
        />
      </PagedListContent>
    </Stack>
  );
}
