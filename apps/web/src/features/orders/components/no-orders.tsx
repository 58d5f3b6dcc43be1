import { Button, EmptyState } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '#lib/routes.ts';

/** What the list shows with no rows: a first-run invitation, or why nothing matched. */
export function NoOrders(props: { isFiltered: boolean; isMerchant: boolean; onClearFilters: () => void }) {
  if (props.isFiltered) {
    return (
      <EmptyState
        title="No orders match"
        description="Try another search, or clear the filters to see every order."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={props.onClearFilters}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title="No orders yet"
      description={
        props.isMerchant
          ? 'Orders your customers place show here, and so do the ones you enter for them.'
          : 'The orders you place show here, with their status and invoices.'
      }
    >
      <EmptyState.Actions>
        <Button component={Link} to={routePath('/orders/create')}>
          Create New Order
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
