import { Anchor, Badge, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Customer } from '@tradeport/contract';
import { Link } from 'react-router';
import { creditLimitLabel, formatAbn, locationOf, paymentTermsLabel } from '../model/format-customer.ts';
import { CustomerBadges } from './customer-badges.tsx';
import { routePath } from '#lib/routes.ts';

const COLUMNS = ['Name', 'ABN', 'Location', 'Contact', 'People', 'Payments', 'Terms', 'Credit limit'];
const NONE = '—';

function Head() {
  return (
    <Table.Thead>
      <Table.Tr>
        {COLUMNS.map((column) => (
          <Table.Th key={column} ta={column === 'People' ? 'right' : undefined}>
            {column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

function CustomerRow({ customer }: { customer: Customer }) {
  const settings = customer.payment_settings;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Anchor
            component={Link}
            to={routePath('/customers/:customerId', { customerId: customer.id })}
            fw={600}
          >
            {customer.title}
          </Anchor>
          <CustomerBadges customer={customer} />
        </Stack>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{customer.abn ? formatAbn(customer.abn) : NONE}</Table.Td>
      <Table.Td>{locationOf(customer) ?? NONE}</Table.Td>
      <Table.Td>
        {customer.contact_email || customer.phone ? (
          <Stack gap={0}>
            {customer.contact_email && <Text size="sm">{customer.contact_email}</Text>}
            {customer.phone && (
              <Text size="sm" c="dimmed">
                {customer.phone}
              </Text>
            )}
          </Stack>
        ) : (
          NONE
        )}
      </Table.Td>
      <Table.Td ta="right">{customer.user_count}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={settings.is_payments_enabled ? 'teal' : 'gray'}>
          {settings.is_payments_enabled ? 'On' : 'Off'}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{paymentTermsLabel(settings.payment_terms_days)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{creditLimitLabel(settings.credit_limit_cents)}</Table.Td>
    </Table.Tr>
  );
}

/** The list's table; `isUpdating` dims it while a new search or filter is on its way. */
export function CustomersTable(props: { customers: readonly Customer[]; isUpdating?: boolean }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        aria-label="Customers"
        aria-busy={props.isUpdating || undefined}
        verticalSpacing="sm"
        highlightOnHover
        style={{ opacity: props.isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Head />
        <Table.Tbody>
          {props.customers.map((customer) => (
            <CustomerRow key={customer.id} customer={customer} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const SKELETON_ROWS = 6;

export function CustomersTableSkeleton() {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading customers…</VisuallyHidden>
      <Table.ScrollContainer minWidth={960}>
        <Table verticalSpacing="sm" aria-hidden="true">
          <Head />
          <Table.Tbody>
            {Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <Table.Tr key={row}>
                {COLUMNS.map((column) => (
                  <Table.Td key={column}>
                    <Skeleton height={12} width={column === 'Name' ? '80%' : '60%'} radius="sm" />
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
