import { Button, EmptyState, Text } from '@mantine/core';
import { NoSearchMatches } from '#lib/ui/no-search-matches.tsx';

type EmptyKind = { singular: string; plural: string; explanation: string };

/**
 * An empty list. With nothing yet it explains the idea in one sentence, since this is where a
 * merchant first meets it, and offers to add the first (to Admins; others are told who can).
 */
export function NoGroups(props: {
  kind: EmptyKind;
  search: string | null;
  canEdit: boolean;
  onAdd: () => void;
  onClearSearch: () => void;
}) {
  const { kind } = props;
  if (props.search) {
    return <NoSearchMatches plural={kind.plural} search={props.search} onClear={props.onClearSearch} />;
  }
  return (
    <EmptyState title={`No ${kind.plural} yet`} description={kind.explanation}>
      <EmptyState.Actions>
        {props.canEdit ? (
          <Button onClick={props.onAdd}>Add {kind.singular}</Button>
        ) : (
          <Text size="sm" c="dimmed">
            An Admin of your organisation can add them.
          </Text>
        )}
      </EmptyState.Actions>
    </EmptyState>
  );
}
