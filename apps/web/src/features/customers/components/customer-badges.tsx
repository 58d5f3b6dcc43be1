import { Badge, Group } from '@mantine/core';
import type { Customer } from '@tradeport/contract';

/** House account and archived markers, in the list and on the detail page. */
export function CustomerBadges(props: {
  customer: Pick<Customer, 'is_house_account' | 'archived'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { customer, size = 'sm' } = props;
  if (!customer.is_house_account && !customer.archived) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {customer.is_house_account && (
        <Badge size={size} color="violet" variant="light">
          House account
        </Badge>
      )}
      {customer.archived && (
        <Badge size={size} color="gray" variant="light">
          Archived
        </Badge>
      )}
    </Group>
  );
}
