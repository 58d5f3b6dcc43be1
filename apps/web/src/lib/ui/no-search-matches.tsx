import { Button, EmptyState } from '@mantine/core';

/** A searched list with no rows: says what was searched for and offers to clear it. */
export function NoSearchMatches(props: { plural: string; search: string; onClear: () => void }) {
  return (
    <EmptyState
      title={`No ${props.plural} match “${props.search}”`}
      description="Check the spelling, or search by another part of the name."
    >
      <EmptyState.Actions>
        <Button variant="default" onClick={props.onClear}>
          Clear search
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
