import { Button, EmptyState } from '@mantine/core';
import type { ProductStatus } from '@tradeport/contract';
import { Link } from 'react-router';
import { routePath } from '#lib/routes.ts';

/** What the list shows with no rows: a first-run invitation, or why nothing matched. */
export function NoProducts(props: {
  isFiltered: boolean;
  status: ProductStatus;
  onImport: () => void;
  onClearFilters: () => void;
}) {
  if (props.isFiltered) {
    return (
      <EmptyState
        title="No products match"
        description="Try another search, or clear the filters to see every product."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={props.onClearFilters}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (props.status === 'archived') {
    return (
      <EmptyState
        title="No archived products"
        description="Products you archive are kept here for the orders that name them, and can be restored at any time."
      />
    );
  }
  return (
    <EmptyState
      title="No products yet"
      description="Add the products you sell one at a time, or import your whole catalogue from a CSV file."
    >
      <EmptyState.Actions>
        <Button component={Link} to={routePath('/products/create')}>
          Create product
        </Button>
        <Button variant="default" onClick={props.onImport}>
          Import CSV
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
