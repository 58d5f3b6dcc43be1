import { Button, Group, Text } from '@mantine/core';
import type { PriceEditsState } from './use-price-edits.ts';

/** Beside the search: how many prices are waiting, and saving or dropping them together. */
export function PriceSaveBar(props: { edits: PriceEditsState }) {
  const { edits } = props;
  if (edits.count === 0) return null;
  const hasErrors = Object.keys(edits.errors).length > 0;
  return (
    <Group gap="sm" role="group" aria-label="Unsaved prices">
      {hasErrors && (
        <Text size="sm" c="red">
          Fix the prices marked in red.
        </Text>
      )}
      <Button variant="default" onClick={edits.discard} disabled={edits.isSaving}>
        Discard changes
      </Button>
      <Button onClick={edits.submit} loading={edits.isSaving}>
        Save {edits.countLabel}
      </Button>
    </Group>
  );
}
