import { Checkbox, List, Stack, Text } from '@mantine/core';
import type { PayableOrder } from '@tradeport/contract';
import { formatDate, formatMoney } from '#lib/format.ts';

const orderLine = (order: PayableOrder) =>
  `Order ${order.number}, due ${formatDate(order.due_date)}: ${formatMoney(order.payable_cents)}`;

/**
 * The orders being paid: ticked from what is owed when the payer may choose (all ticked to start),
 * else listed.
 */
export function OrderChoice(props: {
  orders: PayableOrder[];
  canChoose: boolean;
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}) {
  const { orders } = props;
  if (!props.canChoose || orders.length < 2) {
    return (
      <Stack gap={4}>
        <Text fw={500}>Paying</Text>
        <List size="sm" listStyleType="none" spacing={2}>
          {orders.map((order) => (
            <List.Item key={order.id}>{orderLine(order)}</List.Item>
          ))}
        </List>
      </Stack>
    );
  }
  return (
    <Checkbox.Group
      label="Orders to pay"
      description="Oldest due first. Untick any you are not paying now."
      value={[...props.selected]}
      onChange={(ids) => props.onChange(new Set(ids))}
    >
      <Stack gap={6} mt="xs">
        {orders.map((order) => (
          <Checkbox key={order.id} value={order.id} label={orderLine(order)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
