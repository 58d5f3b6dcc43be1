import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ADMIN_ONLY_REASON } from '#lib/access.ts';

/**
 * Said where an Admin would find a control that a User does not get: `children` says what applies
 * instead, then the one reason every screen gives.
 */
export function AdminOnlyNote(props: { children?: ReactNode }) {
  return (
    <Stack gap={2}>
      {props.children && <Text size="sm">{props.children}</Text>}
      <Text size="sm" c="dimmed">
        {ADMIN_ONLY_REASON}
      </Text>
    </Stack>
  );
}
