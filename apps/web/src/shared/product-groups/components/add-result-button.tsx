import { Button, Stack, Text } from '@mantine/core';
import { refusalMessage } from '../model/write-refusal.ts';

/**
 * A picker row's add action, named after the row ("Add Flat white milk 2L"). Once added it says so
 * instead; a refusal is said beside it, since the page behind the picker cannot be seen.
 */
export function AddResultButton(props: {
  name: string;
  isAdded: boolean;
  isAdding: boolean;
  error: unknown;
  kind: { plural: string };
  onAdd: () => void;
}) {
  if (props.isAdded) {
    return (
      <Text size="sm" c="teal" fw={500} ta="right">
        Added
      </Text>
    );
  }
  const refusal = props.error ? refusalMessage(props.error) : null;
  return (
    <Stack gap={4} align="flex-end">
      <Button
        size="compact-sm"
        variant="light"
        aria-label={`Add ${props.name}`}
        loading={props.isAdding}
        onClick={props.onAdd}
      >
        Add
      </Button>
      {refusal && (
        <Text size="xs" c="red" role="alert" maw={260} ta="right">
          {refusal}
        </Text>
      )}
    </Stack>
  );
}
