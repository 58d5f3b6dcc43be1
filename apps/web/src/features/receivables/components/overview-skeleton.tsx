import { SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** Where the overview's figures will be, while they load. */
export function OverviewSkeleton(props: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">{props.label}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Skeleton height={96} radius="md" />
        <Skeleton height={96} radius="md" />
      </SimpleGrid>
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}
