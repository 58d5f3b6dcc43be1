import { Button, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a list shows with no rows: why nothing matched, or a first-run invitation. */
export function NoRecords(props: {
  plural: string;
  isFiltered: boolean;
  onClearFilters: () => void;
  description: string;
  action?: ReactNode;
}) {
  if (props.isFiltered) {
    return (
      <EmptyState
        title={`No ${props.plural} match`}
        description={`Try another search, or clear the filters to see every one of your ${props.plural}.`}
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
    <EmptyState title={`No ${props.plural} yet`} description={props.description}>
      {props.action && <EmptyState.Actions>{props.action}</EmptyState.Actions>}
    </EmptyState>
  );
}
