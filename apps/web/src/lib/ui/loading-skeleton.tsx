import { Box, Skeleton, type SkeletonProps, VisuallyHidden } from '@mantine/core';

/**
 * A placeholder the shape of what is loading, which a screen reader hears as `label`. The label is
 * a status's text rather than the skeleton's aria-label: a plain element may not be named
 * (axe: aria-prohibited-attr), and a status is announced.
 */
export function LoadingSkeleton({ label, ...skeleton }: { label: string } & Omit<SkeletonProps, 'children'>) {
  return (
    <Box aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Skeleton {...skeleton} />
    </Box>
  );
}
