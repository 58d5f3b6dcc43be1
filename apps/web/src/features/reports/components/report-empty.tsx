import { Paper, Text, Title } from '@mantine/core';

/** A report with nothing in it: says so, and what would put something there. */
export function ReportEmpty(props: { title: string; hint: string }) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Title order={3} size="h4">
        {props.title}
      </Title>
      <Text c="dimmed" mt={4}>
        {props.hint}
      </Text>
    </Paper>
  );
}
