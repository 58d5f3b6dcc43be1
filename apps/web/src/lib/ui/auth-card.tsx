import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the pages outside the app: brand, one h1 (with a line under it), and the form. */
export function AuthCard(props: {
  title: string;
  children: ReactNode;
  brand?: ReactNode;
  description?: ReactNode;
  maw?: number;
}) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={props.maw ?? 440}>
        <Stack gap="lg">
          <Stack gap={4}>
            {props.brand ?? (
              <Text fw={700} c="teal.7">
                Tradeport
              </Text>
            )}
            <Title order={1}>{props.title}</Title>
            {props.description}
          </Stack>
          {props.children}
        </Stack>
      </Paper>
    </Center>
  );
}
