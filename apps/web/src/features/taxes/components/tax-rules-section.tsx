import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { basisPointsToPercent, type TaxRuleSummary } from '@tradeport/contract';
import { useState } from 'react';
import { ADMIN_ONLY_REASON, useIsAdmin } from '#lib/access.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { TitledSection } from '#lib/ui/titled-section.tsx';
import { useDeleteTaxRule } from '../api/taxes-api.ts';
import { TaxRuleModal } from './tax-rule-modal.tsx';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;

/** No rules yet: what applies without one, so an empty page still answers "what GST do I charge?". */
function NoRules() {
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Text fw={600}>No tax rules yet</Text>
        <Text size="sm">
          GST of 10 % applies to every product by default. Products that are GST-free (such as basic food) are
          flagged on the product itself, and charged no GST.
        </Text>
        <Text size="sm">
          Add a rule only when some products or categories need another rate, such as 0 % for exports.
        </Text>
      </Stack>
    </Card>
  );
}

/** The merchant's rules by name, with add, edit and delete for Admins (delete asks first). */
export function TaxRulesSection(props: { rules: TaxRuleSummary[] }) {
  const isAdmin = useIsAdmin();
  const remove = useDeleteTaxRule();
  // null: closed; 'new': adding; an id: editing that rule.
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TaxRuleSummary | null>(null);
  const [isConfirmOpen, confirm] = useDisclosure(false);

  const askDelete = (rule: TaxRuleSummary) => {
    setDeleting(rule);
    confirm.open();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.id).then(
      () => showSuccessToast(`“${deleting.name}” deleted`),
      // The API client has said why; the dialog closes either way.
      () => undefined,
    );
    confirm.close();
  };

  return (
    <TitledSection title="Tax rules" headingId="tax-rules-heading">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={560}>
          A rule charges its own rate on the products and categories it names, instead of GST’s 10 %. A
          product’s own rule comes first, then its category’s, then its parent category’s.
        </Text>
        {isAdmin ? (
          <Button onClick={() => setEditing('new')}>Add tax rule</Button>
        ) : (
          <Text size="sm" c="dimmed">
            {ADMIN_ONLY_REASON}
          </Text>
        )}
      </Group>
      {props.rules.length === 0 ? (
        <NoRules />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label="Tax rules" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Rule</Table.Th>
                <Table.Th scope="col" ta="right">
                  Rate
                </Table.Th>
                <Table.Th scope="col">Applies to</Table.Th>
                {isAdmin && <Table.Th scope="col">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rules.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Th scope="row" fw={500}>
                    {rule.name}
                    {rule.description && (
                      <Text size="xs" c="dimmed">
                        {rule.description}
                      </Text>
                    )}
                  </Table.Th>
                  <Table.Td ta="right">{basisPointsToPercent(rule.rate_basis_points)} %</Table.Td>
                  <Table.Td>
                    {count(rule.product_count, 'product', 'products')},{' '}
                    {count(rule.category_count, 'category', 'categories')}
                  </Table.Td>
                  {isAdmin && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing(rule.id)}
                          aria-label={`Edit ${rule.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => askDelete(rule)}
                          aria-label={`Delete ${rule.name}`}
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
      )}
      <TaxRuleModal
        ruleId={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={isConfirmOpen}
        title="Delete tax rule?"
        confirmLabel="Delete rule"
        isConfirming={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={confirm.close}
      >
        {deleting
          ? `“${deleting.name}” will be deleted. Its products and categories go back to GST of 10 %, or none for GST-free products, on new orders; orders already placed keep their GST.`
          : ''}
      </ConfirmDialog>
    </TitledSection>
  );
}
