import { SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** Where a report's figures, chart and table will be, while it loads. */
export function ReportSkeleton(props: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">{props.label}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} height={96} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={220} radius="md" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}
