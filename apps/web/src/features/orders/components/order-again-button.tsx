import { Button, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReorderResult } from '@tradeport/contract';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { routePath } from '#lib/routes.ts';
import { useReorder } from '../api/reorder.ts';

type Skipped = z.infer<typeof ReorderResult>['skipped'];

function SkippedLines(props: { skipped: Skipped }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{`${props.skipped.length === 1 ? 'One line was' : `${props.skipped.length} lines were`} not added:`}</Text>
      <List size="sm">
        {props.skipped.map((line) => (
          <List.Item key={line.sku}>{`${line.name} (${line.sku}): ${line.reason}`}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * "Order again": puts the order's lines in the cart at today's prices, says which could not be
 * added and why (the note stays up until dismissed), then opens the cart to place it.
 */
export function OrderAgainButton(props: { orderId: string }) {
  const reorder = useReorder(props.orderId);
  const navigate = useNavigate();
  const run = () =>
    reorder.mutate(undefined, {
      onSuccess: (result) => {
        notifications.show({
          id: `reorder:${props.orderId}`,
          color: result.skipped.length > 0 ? 'orange' : 'teal',
          title: 'Added to your cart',
          message:
            result.skipped.length > 0 ? <SkippedLines skipped={result.skipped} /> : 'Every line was added.',
          autoClose: result.skipped.length > 0 ? false : 4_000,
        });
        void navigate(routePath('/orders/create'));
      },
    });
  return (
    <Button onClick={run} loading={reorder.isPending}>
      Order again
    </Button>
  );
}
