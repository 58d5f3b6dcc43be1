import { Button, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TaxonomyColumn, TaxonomyItem, TaxonomyRow } from '../model/taxonomy-kind.ts';

type TableKind<T> = { title: string; plural: string; columns: readonly TaxonomyColumn<T>[] };

function Head<T>(props: { kind: TableKind<T> }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">Name</Table.Th>
        {props.kind.columns.map((column) => (
          <Table.Th key={column.header} scope="col" ta={column.align}>
            {column.header}
          </Table.Th>
        ))}
        <Table.Th scope="col">
          <VisuallyHidden>Actions</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * A kind's rows with Edit and Delete on each. The buttons are named after the row ("Edit Bega"),
 * so a screen reader moving through the buttons alone still knows which row each one acts on. On a
 * phone each row is a card (app.css, `cards-on-phone`), every value under its column's name.
 */
export function TaxonomyTable<T extends TaxonomyItem>(props: {
  kind: TableKind<T>;
  rows: readonly TaxonomyRow<T>[];
  /** Dims the table while a new search is on its way. */
  isUpdating?: boolean;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
}) {
  const { kind } = props;
  return (
    <Table.ScrollContainer minWidth={480} className="cards-on-phone">
      <Table
        aria-label={kind.title}
        aria-busy={props.isUpdating || undefined}
        verticalSpacing="sm"
        highlightOnHover
        style={{ opacity: props.isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Head kind={kind} />
        <Table.Tbody>
          {props.rows.map(({ item, isNested }) => (
            <Table.Tr key={item.id}>
              <Table.Th scope="row" fw={500} pl={isNested ? 'xl' : undefined}>
                {isNested && (
                  <Text span c="dimmed" aria-hidden="true">
                    ↳{' '}
                  </Text>
                )}
                {item.name}
              </Table.Th>
              {kind.columns.map((column) => (
                <Table.Td key={column.header} ta={column.align} data-label={column.header}>
                  {column.cell(item)}
                </Table.Td>
              ))}
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Edit ${item.name}`}
                    onClick={() => props.onEdit(item)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${item.name}`}
                    onClick={() => props.onDelete(item)}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const SKELETON_ROWS = 5;

export function TaxonomyTableSkeleton<T>(props: { kind: TableKind<T> }) {
  const cells = props.kind.columns.length + 2;
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading {props.kind.plural}…</VisuallyHidden>
      <Table.ScrollContainer minWidth={480} className="cards-on-phone">
        <Table verticalSpacing="sm" aria-hidden="true">
          <Head kind={props.kind} />
          <Table.Tbody>
            {Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <Table.Tr key={row}>
                {Array.from({ length: cells }, (_, cell) => (
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
