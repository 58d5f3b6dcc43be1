import { Button, EmptyState, Text } from '@mantine/core';

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
    return (
      <EmptyState
        title={`No ${kind.plural} match “${props.search}”`}
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
