import { Anchor, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import type { GroupSummary } from '@tradeport/contract';
import { Link } from 'react-router';
import { groupPath } from '../model/group-kind.ts';

type TableKind = { key: 'pricing' | 'visibility'; title: string; plural: string };

const COLUMNS = ['Name', 'Description', 'Products', 'Customers'] as const;
const isCount = (column: string) => column === 'Products' || column === 'Customers';

function Head() {
  return (
    <Table.Thead>
      <Table.Tr>
        {COLUMNS.map((column) => (
          <Table.Th key={column} scope="col" ta={isCount(column) ? 'right' : undefined}>
            {column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The kind's tiers or groups with their counts; each name opens its page. Cards on a phone. */
export function GroupsTable(props: {
  kind: TableKind;
  groups: readonly GroupSummary[];
  isUpdating?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={560} className="cards-on-phone">
      <Table
        aria-label={props.kind.title}
        aria-busy={props.isUpdating || undefined}
        verticalSpacing="sm"
        highlightOnHover
        style={{ opacity: props.isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Head />
        <Table.Tbody>
          {props.groups.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Th scope="row">
                <Anchor component={Link} to={groupPath(props.kind, group.id)} fw={600}>
                  {group.name}
                </Anchor>
              </Table.Th>
              <Table.Td data-label="Description">
                <Text size="sm" c={group.description ? undefined : 'dimmed'} lineClamp={2}>
                  {group.description ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right" data-label="Products">
                {group.product_count}
              </Table.Td>
              <Table.Td ta="right" data-label="Customers">
                {group.customer_count}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const SKELETON_ROWS = 5;

export function GroupsTableSkeleton(props: { kind: TableKind }) {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading {props.kind.plural}…</VisuallyHidden>
      <Table verticalSpacing="sm" aria-hidden="true">
        <Head />
        <Table.Tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <Table.Tr key={row}>
              {COLUMNS.map((column) => (
                <Table.Td key={column}>
                  <Skeleton
                    height={12}
                    width={isCount(column) ? 32 : '70%'}
                    radius="sm"
                    ml={isCount(column) ? 'auto' : undefined}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
