import { Button, EmptyState } from '@mantine/core';

/** An outstanding list with no rows: filtered to nothing, or nothing owed at all. */
export function NoOutstanding(props: {
  isFiltered: boolean;
  /** The customer's merchant; absent for the merchant's own list. */
  merchantTitle?: string;
  onClearFilters: () => void;
}) {
  if (props.isFiltered) {
    return (
      <EmptyState
        title="No outstanding invoices match these filters"
        description="Choose another age or customer, or clear the filters."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={props.onClearFilters}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (props.merchantTitle) {
    return (
      <EmptyState
        title="Nothing to pay"
        description={`You owe ${props.merchantTitle} nothing right now: every invoice is paid.`}
      />
    );
  }
  return (
    <EmptyState
      title="Nothing outstanding"
      description="Every invoice of the customers whose payments you track is paid."
    />
  );
}
