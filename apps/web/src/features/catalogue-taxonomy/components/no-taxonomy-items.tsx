import { Button, EmptyState } from '@mantine/core';
import { NoSearchMatches } from '#lib/ui/no-search-matches.tsx';

/** An empty list: nothing yet (offer to add the first), or nothing matching the search. */
export function NoTaxonomyItems(props: {
  kind: { singular: string; plural: string };
  search: string | null;
  onAdd: () => void;
  onClearSearch: () => void;
}) {
  const { singular, plural } = props.kind;
  if (props.search) {
    return <NoSearchMatches plural={plural} search={props.search} onClear={props.onClearSearch} />;
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
