import { Button, Group, Input, Stack, Table, Text } from '@mantine/core';
import type { RuleProduct } from '../model/rule-form.ts';

/** The rule's products, each removable, and the way to add more (the catalogue's product picker). */
export function RuleProductList(props: {
  products: RuleProduct[];
  onRemove: (id: string) => void;
  onAdd: () => void;
  error?: string;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Input.Label id="rule-products-label">Products</Input.Label>
        <Button size="xs" variant="light" onClick={props.onAdd}>
          Add products
        </Button>
      </Group>
      {props.products.length === 0 ? (
        <Text size="sm" c="dimmed">
          No products chosen. Products in a chosen category get the rule’s rate too.
        </Text>
      ) : (
        <Table aria-labelledby="rule-products-label" verticalSpacing={4}>
          <Table.Tbody>
            {props.products.map((product) => (
              <Table.Tr key={product.id}>
                <Table.Th scope="row" fw={500}>
                  {product.name}
                  {!product.is_active && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (archived)
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>{product.sku}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${product.name}`}
                    onClick={() => props.onRemove(product.id)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {props.error && (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
