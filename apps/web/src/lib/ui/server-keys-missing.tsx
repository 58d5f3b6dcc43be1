import { Alert, Code, List, Stack, Text } from '@mantine/core';

/**
 * An integration this server has no keys for: nothing on its screen can work, so say so, and which
 * settings whoever runs the server must add.
 */
export function ServerKeysMissing(props: { title: string; consequence: string; keys: readonly string[] }) {
  return (
    <Alert color="gray" variant="light" title={props.title}>
      <Stack gap="xs">
        <Text size="sm">
          {props.consequence} Whoever runs the server sets these in its environment and restarts it (see
          Configuration in the README):
        </Text>
        <List size="sm">
          {props.keys.map((key) => (
            <List.Item key={key}>
              <Code>{key}</Code>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}
