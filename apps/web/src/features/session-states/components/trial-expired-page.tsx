import { Anchor, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '#lib/format.ts';
import { type AccessLoss, BILLING_PATH } from '../shell-state.ts';
import { routePath } from '#lib/routes.ts';

/** The page's heading and first sentence, for why access was lost. */
function wordsFor(loss: AccessLoss, name: string): { title: string; text: string } {
  switch (loss.reason) {
    case 'trial-expired':
      return {
        title: 'Your free trial has ended',
        text: `The free trial of ${name} ended on ${formatDate(loss.trialEnd)}.`,
      };
    case 'payment-not-received':
      return {
        title: 'Your subscription payment was not received',
        text: `A payment for the Tradeport subscription of ${name} failed, and access ended on ${formatDate(loss.deactivateDate)}.`,
      };
    case 'subscription-ended':
      return {
        title: 'Your subscription has ended',
        text: `The Tradeport subscription of ${name} ended on ${formatDate(loss.deactivateDate)}.`,
      };
  }
}

/**
 * SPEC §2/§4: replaces every page but billing, logout and sign-in once the organisation has lost
 * access: its trial expired, its subscription ended, or a renewal was not paid in time.
 */
export function TrialExpiredPage(props: {
  organisationTitle: string | null;
  loss: AccessLoss;
  isAdmin: boolean;
  /** The organisation switcher, when the person has other organisations to go to. */
  switcher?: ReactNode;
}) {
  const name = props.organisationTitle ?? 'your organisation';
  const words = wordsFor(props.loss, name);
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={520}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Text fw={700} c="teal.7">
              Tradeport
            </Text>
            <Title order={1}>{words.title}</Title>
            <Text>{words.text} Activate your subscription to keep taking orders and using Tradeport.</Text>
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
