import { Badge, Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { SHIPPING_KIND_LABELS, type ShippingMethod } from '@tradeport/contract';
import { formatMoney } from '#lib/format.ts';
import {
  feeSummary,
  leadDaysSummary,
  minutesToClock,
  offeredToSummary,
  weekdaysSummary,
} from '../model/method-summary.ts';

const COLUMNS = ['Kind', 'Fee (ex GST)', 'Minimum order', 'Days', 'Cut-off', 'Offered to'] as const;

function Head(props: { withActions: boolean }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">Name</Table.Th>
        {COLUMNS.map((column) => (
          <Table.Th key={column} scope="col">
            {column}
          </Table.Th>
        ))}
        {props.withActions && (
          <Table.Th scope="col">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * The merchant's methods, each rule in words. Edit and Delete are named after the row ("Edit
 * Weekday delivery") and shown to Admins only. On a phone each row is a card (app.css,
 * `cards-on-phone`), every value under its column's name.
 */
export function ShippingMethodsTable(props: {
  methods: readonly ShippingMethod[];
  timeZone: string;
  canEdit: boolean;
  onEdit: (method: ShippingMethod) => void;
  onDelete: (method: ShippingMethod) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={720} className="cards-on-phone">
      <Table aria-label="Delivery methods" verticalSpacing="sm" highlightOnHover>
        <Head withActions={props.canEdit} />
        <Table.Tbody>
          {props.methods.map((method) => (
            <Table.Tr key={method.id}>
              <Table.Th scope="row" fw={500}>
                <Group gap="xs">
                  {method.name}
                  {!method.is_active && (
                    <Badge size="sm" variant="light" color="gray">
                      Paused
                    </Badge>
                  )}
                </Group>
              </Table.Th>
              <Table.Td data-label="Kind">{SHIPPING_KIND_LABELS[method.kind]}</Table.Td>
              <Table.Td data-label="Fee (ex GST)">{feeSummary(method)}</Table.Td>
              <Table.Td data-label="Minimum order">
                {method.minimum_order_cents === null ? 'None' : formatMoney(method.minimum_order_cents)}
              </Table.Td>
              <Table.Td data-label="Days">
                <Stack gap={0}>
                  <Text size="sm">{weekdaysSummary(method.weekdays)}</Text>
                  <Text size="xs" c="dimmed">
                    {leadDaysSummary(method.lead_days)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td data-label="Cut-off">
                {method.cut_off_minutes === null ? (
                  'None'
                ) : (
                  <span title={props.timeZone}>{minutesToClock(method.cut_off_minutes)}</span>
                )}
              </Table.Td>
              <Table.Td data-label="Offered to">{offeredToSummary(method)}</Table.Td>
              {props.canEdit && (
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-label={`Edit ${method.name}`}
                      onClick={() => props.onEdit(method)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${method.name}`}
                      onClick={() => props.onDelete(method)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ShippingMethodsTableSkeleton() {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading delivery methods…</VisuallyHidden>
      <Table.ScrollContainer minWidth={720} className="cards-on-phone">
        <Table verticalSpacing="sm" aria-hidden="true">
          <Head withActions={false} />
          <Table.Tbody>
            {Array.from({ length: 3 }, (_, row) => (
              <Table.Tr key={row}>
                {Array.from({ length: COLUMNS.length + 1 }, (_, cell) => (
                  <Table.Td key={cell}>
                    <Skeleton height={12} width={cell === 0 ? '70%' : '50%'} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
