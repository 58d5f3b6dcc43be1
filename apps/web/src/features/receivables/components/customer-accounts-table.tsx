import {
  Anchor,
  Badge,
  Button,
  Group,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { CustomerAccountBalance } from '@tradeport/contract';
import { Link } from 'react-router';
import { countOf, formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import { limitUsedPercent } from '../model/credit-limit.ts';

const NONE = '—';
const money = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;
const COLUMNS = [
  { label: 'Customer' },
  { label: 'Balance', isMoney: true },
  { label: 'Overdue', isMoney: true },
  { label: 'Available credit', isMoney: true },
  { label: 'Credit limit', isMoney: true },
  { label: 'Limit used' },
];

function LimitUsed(props: { account: CustomerAccountBalance }) {
  const { account } = props;
  const basisPoints = account.credit_limit_used_basis_points;
  if (basisPoints === null) {
    return (
      <Text size="sm" c="dimmed" span>
        {NONE}
      </Text>
    );
  }
  const percent = limitUsedPercent(basisPoints);
  const isOver = account.is_over_credit_limit;
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={Math.min(100, percent)}
        color={isOver ? 'red' : percent >= 80 ? 'yellow' : 'teal'}
        w={80}
        aria-label={`${account.name}: credit limit used`}
      />
      <Text size="sm" span fw={isOver ? 600 : undefined} c={isOver ? 'red.9' : undefined}>
        {percent} %
      </Text>
    </Group>
  );
}

function AccountRow(props: { account: CustomerAccountBalance; onStatement: () => void }) {
  const { account } = props;
  const outstandingLink = routePath('/payments/outstanding', undefined, {
    customer: account.organisation_id,
    customer_name: account.name,
  });
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <Stack gap={4} align="flex-start">
          <Anchor
            component={Link}
            to={routePath('/customers/:customerId', { customerId: account.id })}
            fw={600}
          >
            {account.name}
          </Anchor>
          <Group gap={4}>
            {account.archived && (
              <Badge variant="light" color="gray" tt="none">
                Archived
              </Badge>
            )}
            {!account.is_payments_enabled && (
              <Badge variant="light" color="gray" tt="none">
                Payments not tracked
              </Badge>
            )}
            {account.is_over_credit_limit && (
              <Badge variant="light" color="red" tt="none">
                Over credit limit
              </Badge>
            )}
          </Group>
        </Stack>
      </Table.Th>
      <Table.Td data-label="Balance" {...money}>
        <Stack gap={0} align="flex-end">
          <Text size="sm" span fw={600}>
            {formatMoney(account.balance_cents)}
          </Text>
          {account.outstanding_count > 0 && (
            <Anchor component={Link} to={outstandingLink} size="xs">
              {countOf(account.outstanding_count, 'invoice')}
            </Anchor>
          )}
        </Stack>
      </Table.Td>
      <Table.Td data-label="Overdue" {...money}>
        <Text size="sm" span c={account.overdue_cents > 0 ? 'red.9' : undefined}>
          {formatMoney(account.overdue_cents)}
        </Text>
      </Table.Td>
      <Table.Td data-label="Available credit" {...money}>
        {formatMoney(account.available_credit_cents)}
      </Table.Td>
      <Table.Td data-label="Credit limit" {...money}>
        {account.credit_limit_cents === null ? 'No limit' : formatMoney(account.credit_limit_cents)}
      </Table.Td>
      <Table.Td data-label="Limit used">
        <LimitUsed account={account} />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          onClick={props.onStatement}
          aria-label={`Statement for ${account.name}`}
        >
          Statement
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Each customer's account: what it owes, how much is overdue, its credit and its limit. */
export function CustomerAccountsTable(props: {
  accounts: readonly CustomerAccountBalance[];
  onStatement: (account: CustomerAccountBalance) => void;
  isUpdating?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={960} className="cards-on-phone">
      <Table
        aria-label="Customer accounts"
        aria-busy={props.isUpdating || undefined}
        verticalSpacing="xs"
        highlightOnHover
        style={{ opacity: props.isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column.label} scope="col" ta={column.isMoney ? 'right' : undefined}>
                {column.label}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.accounts.map((account) => (
            <AccountRow key={account.id} account={account} onStatement={() => props.onStatement(account)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function CustomerAccountsTableSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true">
      <VisuallyHidden role="status">Loading customer accounts</VisuallyHidden>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={40} radius="sm" />
      ))}
    </Stack>
  );
}
