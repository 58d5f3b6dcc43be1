import { Button, EmptyState } from '@mantine/core';

/** An empty list: nothing yet (offer to add the first), or nothing matching the search. */
export function NoTaxonomyItems(props: {
  kind: { singular: string; plural: string };
  search: string | null;
  onAdd: () => void;
  onClearSearch: () => void;
}) {
  const { singular, plural } = props.kind;
  if (props.search) {
    return (
      <EmptyState
        title={`No ${plural} match “${props.search}”`}
        description="Check the spelling, or search by another part of the name."
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={props.onClearSearch}>
            Clear search
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={`No ${plural} yet`}
      description={`Add your ${plural} here, then choose them on your products.`}
    >
      <EmptyState.Actions>
        <Button onClick={props.onAdd}>Add {singular}</Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
