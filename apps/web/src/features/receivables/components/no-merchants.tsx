import { EmptyState } from '@mantine/core';

/** A customer organisation no merchant has taken on yet owes nothing anywhere. */
export function NoMerchants() {
  return (
    <EmptyState
      title="No merchants yet"
      description="Once a merchant adds your organisation as a customer, what you owe them shows here."
    />
  );
}
