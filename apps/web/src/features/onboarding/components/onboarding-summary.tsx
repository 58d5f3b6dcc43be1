import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '#lib/routes.ts';
import { useOnboardingProgress } from '../api/onboarding-progress.ts';
import { STEP_COPY } from '../model/onboarding-steps.ts';

/**
 * On the merchant's home until set-up is complete: how far it has got and the next step, with the
 * way to the whole checklist. Nothing once every step is done, or while it loads or fails (the home
 * has more important things to show than this).
 */
export function OnboardingSummary() {
  const progress = useOnboardingProgress({ isAwaitingPlan: false });
  const data = progress.data;
  if (!data || data.completed_percentage === 100) return null;
  const next = data.steps.find((step) => !step.is_done);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="onboarding-summary-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="onboarding-summary-title">
            Finish setting up
          </Title>
          <Text fw={600}>{data.completed_percentage}% complete</Text>
        </Group>
        <Progress value={data.completed_percentage} aria-label="Set-up progress" />
        <Group justify="space-between" align="center">
          {next && <Text size="sm">Next: {STEP_COPY[next.step].title}</Text>}
          <Button component={Link} to={routePath('/onboarding')} variant="light" size="sm">
            See every step
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
