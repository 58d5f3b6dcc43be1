import { Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of a Products or Customers section: heading, what it means, the add action (Admins),
 * a search box over its rows, then the rows. `toolbar` sits beside the search (a tier's save bar).
 */
export function MemberSection(props: {
  title: string;
  description: ReactNode;
  addLabel: string;
  canEdit: boolean;
  onAdd: () => void;
  searchLabel: string;
  searchText: string;
  onSearchText: (text: string) => void;
  isSearching: boolean;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={props.title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2} style={{ flex: '1 1 320px' }}>
            <Title order={2} size="h4">
              {props.title}
            </Title>
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          </Stack>
          {props.canEdit && <Button onClick={props.onAdd}>{props.addLabel}</Button>}
        </Group>
        <Group justify="space-between" align="flex-end" gap="md">
          <TextInput
            type="search"
            aria-label={props.searchLabel}
            placeholder={props.searchLabel}
            value={props.searchText}
            onChange={(event) => props.onSearchText(event.currentTarget.value)}
            rightSection={
              props.isSearching ? <Loader size="xs" role="status" aria-label="Searching" /> : undefined
            }
            style={{ flex: '1 1 240px', maxWidth: 360 }}
          />
          {props.toolbar}
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}
