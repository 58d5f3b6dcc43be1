import { Anchor, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '#lib/format.ts';
import { BILLING_PATH } from '../shell-state.ts';
import { routePath } from '#lib/routes.ts';

/** SPEC §2/§4: replaces every page but billing, logout and sign-in once the trial has expired. */
export function TrialExpiredPage(props: {
  organisationTitle: string | null;
  trialEnd: string | null;
  isAdmin: boolean;
  /** The organisation switcher, when the person has other organisations to go to. */
  switcher?: ReactNode;
}) {
  const name = props.organisationTitle ?? 'your organisation';
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={520}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Text fw={700} c="teal.7">
              Tradeport
            </Text>
            <Title order={1}>Your free trial has ended</Title>
            <Text>
              The free trial of {name}
              {props.trialEnd ? ` ended on ${formatDate(props.trialEnd)}` : ' has ended'}. Activate your
              subscription to keep taking orders and using Tradeport.
            </Text>
            {!props.isAdmin && (
              <Text c="dimmed" size="sm">
                Only an Admin of {name} can activate the subscription; ask one of them to do it.
              </Text>
            )}
          </Stack>
          <Button component={Link} to={BILLING_PATH} size="md">
            Activate your subscription
          </Button>
          {props.switcher}
          <Group justify="center">
            <Anchor component={Link} to={routePath('/logout')} size="sm">
              Log out
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
