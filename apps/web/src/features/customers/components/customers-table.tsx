import {
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { Customer } from '@tradeport/contract';
import { Link } from 'react-router';
import { creditLimitLabel, formatAbn, locationOf, paymentTermsLabel } from '../model/format-customer.ts';
import { CustomerBadges } from './customer-badges.tsx';
import { routePath } from '#lib/routes.ts';
import { useIsPhone } from '#lib/use-is-phone.ts';

const COLUMNS = [
  'Name',
  'Pricing tier',
  'ABN',
  'Location',
  'Contact',
  'People',
  'Payments',
  'Terms',
  'Credit limit',
];
const NONE = '—';

function TierLabel({ customer }: { customer: Customer }) {
  return customer.pricing_tier ? (
    <Badge variant="light" tt="none">
      {customer.pricing_tier.name}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed" span>
      Base prices
    </Text>
  );
}

function NameLink({ customer }: { customer: Customer }) {
  return (
    <Anchor component={Link} to={routePath('/customers/:customerId', { customerId: customer.id })} fw={600}>
      {customer.title}
    </Anchor>
  );
}

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
          <NameLink customer={customer} />
          <CustomerBadges customer={customer} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <TierLabel customer={customer} />
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

/** One customer on a phone: the name, its tier and what it pays on, without sideways scrolling. */
function CustomerCard({ customer }: { customer: Customer }) {
  const settings = customer.payment_settings;
  const facts = [
    { label: 'Pricing tier', value: <TierLabel customer={customer} /> },
    { label: 'Terms', value: paymentTermsLabel(settings.payment_terms_days) },
    { label: 'Credit limit', value: creditLimitLabel(settings.credit_limit_cents) },
    { label: 'Payments', value: settings.is_payments_enabled ? 'On' : 'Off' },
  ];
  const location = locationOf(customer);
  return (
    <Paper component="li" withBorder p="sm" aria-label={customer.title}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <NameLink customer={customer} />
          <CustomerBadges customer={customer} />
        </Group>
        {location && (
          <Text size="sm" c="dimmed">
            {location}
          </Text>
        )}
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} component="dl" m={0}>
          {facts.map((fact) => (
            <div key={fact.label}>
              <Text component="dt" size="xs" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" m={0} size="sm">
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * The list: a table, or on a phone a column of cards with the key facts; `isUpdating` dims it
 * while a new search or filter is on its way.
 */
export function CustomersTable(props: { customers: readonly Customer[]; isUpdating?: boolean }) {
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none', opacity: props.isUpdating ? 0.6 : 1 }}
        aria-label="Customers"
        aria-busy={props.isUpdating || undefined}
      >
        {props.customers.map((customer) => (
          <CustomerCard key={customer.id} customer={customer} />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={1080}>
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
      <Table.ScrollContainer minWidth={1080}>
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
