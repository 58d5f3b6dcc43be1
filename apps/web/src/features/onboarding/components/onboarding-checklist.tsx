import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { OnboardingProgress } from '@tradeport/contract';
import { Link } from 'react-router';
import { STEP_COPY } from '../model/onboarding-steps.ts';

function StepMark(props: { isDone: boolean }) {
  return (
    <ThemeIcon
      size={28}
      radius="xl"
      color={props.isDone ? 'teal' : 'gray'}
      variant={props.isDone ? 'filled' : 'light'}
      aria-hidden="true"
    >
      {props.isDone ? '✓' : ''}
    </ThemeIcon>
  );
}

/** The steps in order: what each is for, done or not, and the ways to do it while it is not. */
export function OnboardingChecklist(props: { progress: OnboardingProgress }) {
  const { progress } = props;
  const doneCount = progress.steps.filter((step) => step.is_done).length;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group justify="space-between" align="baseline">
            <Text fw={600} size="lg">
              {progress.completed_percentage}% complete
            </Text>
            <Text c="dimmed" size="sm">
              {doneCount} of {progress.steps.length} steps done
            </Text>
          </Group>
          <Progress
            value={progress.completed_percentage}
            size="lg"
            radius="xl"
            color={progress.completed_percentage === 100 ? 'teal' : undefined}
            aria-label="Set-up progress"
          />
        </Stack>
      </Paper>
      <List
        listStyleType="none"
        spacing="sm"
        aria-label="Set-up steps"
        styles={{ itemWrapper: { width: '100%' } }}
      >
        {progress.steps.map(({ step, is_done: isDone }) => {
          const copy = STEP_COPY[step];
          const [main, ...others] = copy.links;
          return (
            <List.Item key={step}>
              <Paper withBorder p="md" radius="md">
                <Group justify="space-between" align="center" wrap="wrap" gap="sm">
                  <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
                    <StepMark isDone={isDone} />
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Title order={2} size="h4">
                          {copy.title}
                        </Title>
                        {isDone && (
                          <Badge color="teal" variant="light">
                            Done
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {copy.why}
                      </Text>
                    </Stack>
                  </Group>
                  {!isDone && (
                    <Group gap="sm">
                      {others.map((other) => (
                        <Anchor key={other.to + other.label} component={Link} to={other.to} size="sm">
                          {other.label}
                        </Anchor>
                      ))}
                      <Button component={Link} to={main.to} size="sm">
                        {main.label}
                      </Button>
                    </Group>
                  )}
                </Group>
              </Paper>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
