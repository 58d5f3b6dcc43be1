import { Alert, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { BulkProductsResult } from '@tradeport/contract';

// A file can have thousands of bad rows; the first ones are enough to see what to fix.
const ROWS_SHOWN = 200;

const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? '' : 's'}`;

function NewVocabulary(props: { result: BulkProductsResult; isWritten: boolean }) {
  const { result } = props;
  const groups = [
    { one: 'brand', many: 'brands', names: result.new_brands },
    { one: 'supplier', many: 'suppliers', names: result.new_suppliers },
    { one: 'category', many: 'categories', names: result.new_categories },
    { one: 'unit of measure', many: 'units of measure', names: result.new_units_of_measure },
  ].filter((group) => group.names.length > 0);
  if (groups.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {props.isWritten ? 'Also created' : 'It will also create'}
      </Text>
      <List size="sm" spacing={2}>
        {groups.map((group) => (
          <List.Item key={group.many}>
            {group.names.length} new {group.names.length === 1 ? group.one : group.many}:{' '}
            {group.names.join(', ')}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function BadRows(props: { errors: BulkProductsResult['errors'] }) {
  const { errors } = props;
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" title={`${count(errors.length, 'problem')} in the file`}>
        Nothing was imported. Fix these rows in your file, then choose it again.
      </Alert>
      <ScrollArea.Autosize mah={280}>
        <Table aria-label="Problems in the file" striped verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.slice(0, ROWS_SHOWN).map((error, index) => (
              <Table.Tr key={`${error.line}:${error.column ?? ''}:${index}`}>
                <Table.Td>{error.line}</Table.Td>
                <Table.Td>{error.column ?? '—'}</Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {errors.length > ROWS_SHOWN && (
        <Text size="sm" c="dimmed">
          And {errors.length - ROWS_SHOWN} more.
        </Text>
      )}
    </Stack>
  );
}

/** The counts in words; unchanged rows (matched by SKU, all values the same) are never written. */
function summaryText(result: BulkProductsResult): string {
  const unchanged = result.unchanged > 0 ? `, ${result.unchanged} unchanged` : '';
  if (result.is_written) {
    return `${count(result.created, 'product')} created, ${count(result.updated, 'product')} updated${unchanged}.`;
  }
  if (result.created + result.updated === 0 && result.unchanged > 0) {
    const all = result.unchanged === 1 ? 'The 1 product' : `All ${result.unchanged} products`;
    return `${all} in the file ${result.unchanged === 1 ? 'is' : 'are'} unchanged (matched by SKU): nothing to import.`;
  }
  return `${count(result.created, 'new product')} to create, ${count(result.updated, 'existing product')} to update${unchanged} (matched by SKU).`;
}

/** What a dry run found, or what an import did. */
export function ImportSummary(props: { result: BulkProductsResult }) {
  const { result } = props;
  if (result.errors.length > 0) return <BadRows errors={result.errors} />;
  const isWritten = result.is_written;
  return (
    <Stack gap="sm" role="status">
      <Alert
        color={isWritten ? 'teal' : 'blue'}
        variant="light"
        title={isWritten ? 'Import complete' : 'The file is ready to import'}
      >
        {summaryText(result)}
      </Alert>
      <NewVocabulary result={result} isWritten={isWritten} />
    </Stack>
  );
}
