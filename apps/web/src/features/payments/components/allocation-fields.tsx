import { Alert, Button, Fieldset, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '#lib/format.ts';
import type { AllocationText, OwingOrder } from '../model/allocation.ts';

export type OwingOrderRow = OwingOrder & { due_date: string; is_overdue: boolean };

type OrdersQuery = { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };

/**
 * The customer's orders that still owe, oldest due first, each with what of the money goes to it
 * (dollars, editable). "Allocate oldest first" spreads the amount again; `summary` says what is
 * allocated and what is left over, under the rows.
 */
export function AllocationFields(props: {
  orders: readonly OwingOrderRow[];
  query: OrdersQuery;
  text: AllocationText;
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (orderId: string, value: string) => void;
  onAllocateOldestFirst: () => void;
  /** What to say when the customer owes nothing (what becomes of the money then). */
  noOrders: string;
  summary: ReactNode;
  disabled?: boolean;
}) {
  const { orders, query } = props;
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true">
        <Text size="sm" c="dimmed" role="status">
          Loading the orders that owe…
        </Text>
        <Skeleton height={56} />
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" variant="light" title="We could not load the orders that owe">
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (orders.length === 0) {
    body = <Text size="sm">{props.noOrders}</Text>;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {orders.map((order) => (
          <TextInput
            key={order.id}
            label={`Order ${order.number}`}
            description={`Due ${formatDate(order.due_date)}${order.is_overdue ? ' (overdue)' : ''} · owes ${formatMoney(order.outstanding_cents)}`}
            leftSection="$"
            inputMode="decimal"
            placeholder="0.00"
            value={props.text[order.id] ?? ''}
            onChange={(event) => props.onChange(order.id, event.currentTarget.value)}
            error={props.errors[order.id]}
            errorProps={{ role: 'alert' }}
            aria-invalid={props.errors[order.id] ? true : undefined}
            disabled={props.disabled}
          />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Fieldset legend="Allocate to orders" variant="unstyled">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Oldest due first. What is not allocated becomes account credit.
          </Text>
          {orders.length > 0 && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={props.onAllocateOldestFirst}
              disabled={props.disabled}
            >
              Allocate oldest first
            </Button>
          )}
        </Group>
        {body}
        {props.summary}
      </Stack>
    </Fieldset>
  );
}
