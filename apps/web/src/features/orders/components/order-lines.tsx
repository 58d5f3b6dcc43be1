import { Button, Card, Group, NumberInput, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { MAX_LINE_QUANTITY, type Order, type OrderLine } from '@tradeport/contract';
import { type ReactNode, useState } from 'react';
import { formatMoney } from '#lib/format.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { useIsPhone } from '#lib/use-is-phone.ts';

const MIN_WIDTH = 760;

const unitOf = (line: OrderLine) => line.unit_abbreviation ?? line.unit_name ?? '';
const gstRate = (line: OrderLine) => `${(line.gst_rate_basis_points / 100).toLocaleString('en-AU')}%`;

/** Changes a line's quantity: the new number is sent only from its Save button (or Enter). */
function QuantityEditor(props: { line: OrderLine; isSaving: boolean; onSave: (quantity: number) => void }) {
  const { line } = props;
  const [value, setValue] = useState<number | string>(line.quantity);
  const quantity = typeof value === 'number' ? value : Number.parseInt(value, 10);
  const isValid = Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;
  const isChanged = isValid && quantity !== line.quantity;
  const save = () => {
    if (isChanged) props.onSave(quantity);
  };
  return (
    <Group gap={6} wrap="nowrap">
      <NumberInput
        aria-label={`Quantity of ${line.name}`}
        value={value}
        onChange={setValue}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
        min={1}
        max={MAX_LINE_QUANTITY}
        allowDecimal={false}
        allowNegative={false}
        size="xs"
        w={90}
        error={isValid ? undefined : `From 1 to ${MAX_LINE_QUANTITY}`}
      />
      <Text size="sm">{unitOf(line)}</Text>
      {isChanged && (
        <Button
          size="compact-xs"
          onClick={save}
          loading={props.isSaving}
          aria-label={`Save quantity of ${line.name}`}
        >
          Save
        </Button>
      )}
    </Group>
  );
}

/** What a line shows and offers: its quantity (editable or not) and its action (remove, or credit). */
type LineControls = {
  quantity: (line: OrderLine) => ReactNode;
  action: ((line: OrderLine) => ReactNode) | null;
};

function LinesTable(props: { lines: readonly OrderLine[]; controls: LineControls }) {
  const { controls } = props;
  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH}>
      <Table aria-label="Order lines" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Quantity</Table.Th>
            <Table.Th ta="right">Unit price (ex GST)</Table.Th>
            <Table.Th ta="right">GST</Table.Th>
            <Table.Th ta="right">Line total (ex GST)</Table.Th>
            {controls.action && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.lines.map((line) => (
            <Table.Tr key={line.product_id}>
              <Table.Th scope="row" fw={500}>
                {line.name}
              </Table.Th>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {line.sku}
                </Text>
              </Table.Td>
              <Table.Td>{controls.quantity(line)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.unit_price_cents)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {`${formatMoney(line.gst_cents)} (${gstRate(line)})`}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(line.subtotal_cents)}</Table.Td>
              {controls.action && <Table.Td ta="right">{controls.action(line)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone, a card per line with the same facts, labelled since there are no column headings. */
function LineCards(props: { lines: readonly OrderLine[]; controls: LineControls }) {
  const { controls } = props;
  return (
    <Stack component="ul" aria-label="Order lines" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {props.lines.map((line) => (
        <Card key={line.product_id} component="li" withBorder padding="sm" aria-label={line.name}>
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {line.name}
              </Text>
              {controls.action?.(line)}
            </Group>
            <Text size="sm" c="dimmed">
              SKU{' '}
              <Text span ff="monospace" inherit>
                {line.sku}
              </Text>
            </Text>
            {controls.quantity(line)}
            <Text size="sm">
              {`${formatMoney(line.unit_price_cents)} each ex GST · GST ${formatMoney(line.gst_cents)} (${gstRate(line)})`}
            </Text>
            <Text size="sm" fw={500}>{`Line total ${formatMoney(line.subtotal_cents)} ex GST`}</Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The order's lines as they were charged (their snapshot: later catalogue changes never alter
 * them), as a table or on a phone as cards. While the order can be edited the merchant changes a
 * quantity in place, removes a line after confirming, and adds products (`addAction`). Once it
 * can no longer be edited (shipped, completed, cancelled), `onCredit` offers to credit a line that
 * was short-supplied or not supplied (an adjustment note).
 */
export function OrderLines(props: {
  order: Order;
  isSaving: boolean;
  onQuantity?: (line: OrderLine, quantity: number) => void;
  onRemove?: (line: OrderLine) => void;
  onCredit?: (line: OrderLine) => void;
  addAction?: ReactNode;
}) {
  const { order, onQuantity, onRemove, onCredit } = props;
  const isPhone = useIsPhone();
  const [removing, setRemoving] = useState<OrderLine | null>(null);
  const isLastLine = order.lines.length <= 1;
  const controls: LineControls = {
    quantity: (line) =>
      onQuantity ? (
        <QuantityEditor
          key={`${line.product_id}-${line.quantity}`}
          line={line}
          isSaving={props.isSaving}
          onSave={(quantity) => onQuantity(line, quantity)}
        />
      ) : (
        `${line.quantity} ${unitOf(line)}`.trim()
      ),
    action: onRemove
      ? (line) => (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`Remove ${line.name}`}
            disabled={isLastLine}
            title={isLastLine ? 'The last line cannot be removed: cancel the order instead' : undefined}
            onClick={() => setRemoving(line)}
          >
            Remove
          </Button>
        )
      : onCredit
        ? (line) => (
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={`Credit ${line.name}`}
              onClick={() => onCredit(line)}
            >
              Credit line
            </Button>
          )
        : null,
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="order-lines-heading">
      <Group justify="space-between">
        <Title order={2} size="h3" id="order-lines-heading">
          Lines
        </Title>
        {props.addAction}
      </Group>
      {isPhone ? (
        <LineCards lines={order.lines} controls={controls} />
      ) : (
        <LinesTable lines={order.lines} controls={controls} />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove line"
        confirmLabel="Remove line"
        isConfirming={props.isSaving}
        onConfirm={() => {
          if (removing && onRemove) onRemove(removing);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing && `Remove ${removing.name} from order ${order.number}? The totals are worked out again.`}
      </ConfirmDialog>
    </Stack>
  );
}
