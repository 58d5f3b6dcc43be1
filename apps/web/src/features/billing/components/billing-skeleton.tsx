import { SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** Where the status, the plans and the invoices will be, while they load. */
export function BillingSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <VisuallyHidden role="status">Loading billing</VisuallyHidden>
      <Skeleton height={110} radius="md" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Skeleton height={200} radius="md" />
        <Skeleton height={200} radius="md" />
      </SimpleGrid>
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}
