import { Button, Skeleton, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column of a membership table; the row's name comes first and the remove action last. */
export type MemberColumn<T> = {
  header: string;
  cell: (row: T, index: number) => ReactNode;
  align?: 'right';
  /** Keeps a money or code column on one line. */
  noWrap?: boolean;
};

/**
 * The products or customers of a tier or group. A remove button per row (for Admins) is named
 * after the row ("Remove Bean There Café"), so it says what it acts on when read alone. On a phone
 * each row is a card (app.css, `cards-on-phone`), every value under its column's name.
 */
export function MemberTable<T>(props: {
  label: string;
  rows: readonly T[];
  keyOf: (row: T) => string;
  nameOf: (row: T) => string;
  renderName: (row: T) => ReactNode;
  nameHeader: string;
  columns: readonly MemberColumn<T>[];
  /** Without it (a non-Admin) there is no remove column. */
  onRemove?: (row: T) => void;
  isUpdating?: boolean;
  minWidth?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? 480} className="cards-on-phone">
      <Table
        aria-label={props.label}
        aria-busy={props.isUpdating || undefined}
        verticalSpacing="xs"
        highlightOnHover
        style={{ opacity: props.isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{props.nameHeader}</Table.Th>
            {props.columns.map((column) => (
              <Table.Th key={column.header} scope="col" ta={column.align}>
                {column.header}
              </Table.Th>
            ))}
            {props.onRemove && (
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row, index) => (
            <Table.Tr key={props.keyOf(row)}>
              <Table.Th scope="row" fw={500}>
                {props.renderName(row)}
              </Table.Th>
              {props.columns.map((column) => (
                <Table.Td
                  key={column.header}
                  ta={column.align}
                  data-label={column.header}
                  style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.cell(row, index)}
                </Table.Td>
              ))}
              {props.onRemove && (
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${props.nameOf(row)}`}
                    onClick={() => props.onRemove?.(row)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Stands in for a membership table while its first page loads. */
export function MemberTableSkeleton(props: { label: string }) {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">Loading {props.label}…</VisuallyHidden>
      {Array.from({ length: 4 }, (_, row) => (
        <Skeleton key={row} height={14} my="sm" width={`${80 - row * 10}%`} radius="sm" />
      ))}
    </div>
  );
}
