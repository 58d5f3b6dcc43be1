import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { CartLine } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import { lineProblemText } from '../model/prices.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

export type CartLineActions = {
  onQuantity: (line: CartLine, quantity: number) => void;
  onRemove: (line: CartLine) => void;
  /** The product whose change is on its way, if any: its controls wait. */
  busyProductId: string | null;
};

function CartLineItem(props: { line: CartLine } & CartLineActions) {
  const { line } = props;
  const isBusy = props.busyProductId === line.product_id;
  const isAvailable = line.problem !== 'NOT_AVAILABLE';
  const unit = line.unit_of_measure
    ? ` / ${line.unit_of_measure.abbreviation || line.unit_of_measure.name}`
    : '';
  return (
    <Stack
      component="li"
      aria-label={line.name}
      gap={6}
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0}>
          <Text fw={600} lh={1.3}>
            {line.name}
          </Text>
          <Text size="sm" c="dimmed">
            {line.sku} · {formatMoney(line.unit_price_cents)}
            {unit} ex GST
          </Text>
          {line.is_tier_price && (
            <Badge color="teal" variant="light" size="sm" mt={2}>
              Your price
            </Badge>
          )}
        </Stack>
        {/* Left out of the totals when it cannot be ordered, so no amount is shown for it. */}
        {isAvailable && (
          <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(line.subtotal_cents)}
          </Text>
        )}
      </Group>
      {line.problem && (
        <Text size="sm" c="red" fw={500}>
          {lineProblemText(line.problem, line)}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        {isAvailable ? (
          <QuantityStepper
            productName={line.name}
            rule={line}
            value={line.quantity}
            disabled={isBusy}
            onChange={(quantity) => props.onQuantity(line, quantity)}
          />
        ) : (
          <Text size="sm">Quantity {line.quantity}</Text>
        )}
        <Button
          variant="subtle"
          color="red"
          size="md"
          aria-label={`Remove ${line.name}`}
          disabled={isBusy}
          onClick={() => props.onRemove(line)}
        >
          Remove
        </Button>
      </Group>
    </Stack>
  );
}

/** The cart's lines, each with its stepper, its price as the server set it, and what is wrong with it. */
export function CartLines(props: { lines: readonly CartLine[] } & CartLineActions) {
  const { lines, ...actions } = props;
  return (
    <Stack
      component="ul"
      aria-label="Cart lines"
      gap={0}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {lines.map((line) => (
        <CartLineItem key={line.product_id} line={line} {...actions} />
      ))}
    </Stack>
  );
}
