import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type Customer, MIN_SEARCH_CHARS } from '@tradeport/contract';
import { useDebouncedSearch } from '#lib/use-url-search.ts';
import { useHouseAccount, useOrderCustomerSearch } from '../api/order-customers.ts';

export type ChosenCustomer = { organisationId: string; name: string };

const chosen = (customer: Customer): ChosenCustomer => ({
  organisationId: customer.organisation_id,
  name: customer.title,
});

function Results(props: { term: string | null; onChoose: (customer: ChosenCustomer) => void }) {
  const query = useOrderCustomerSearch(props.term);
  if (!props.term) return null;
  if (query.isPending) return <Loader size="sm" role="status" aria-label="Searching customers" />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title="We could not search your customers">
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const customers = query.data.items.filter((customer) => !customer.is_house_account);
  if (customers.length === 0) return <Text c="dimmed">No customers match “{props.term}”.</Text>;
  return (
    <Stack
      component="ul"
      gap="xs"
      aria-label="Matching customers"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {customers.map((customer) => (
        <Group component="li" key={customer.id} justify="space-between" wrap="nowrap">
          <Text fw={500}>{customer.title}</Text>
          <Button
            size="md"
            variant="light"
            aria-label={`Choose ${customer.title}`}
            onClick={() => props.onChoose(chosen(customer))}
          >
            Choose
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Order entry's first step: whom the order is for. One of the merchant's active customers, found
 * by name, or the house account for a walk-in sale.
 */
export function CustomerChooser(props: { onChoose: (customer: ChosenCustomer) => void }) {
  const { searchText, setSearchText, search } = useDebouncedSearch({ minLength: MIN_SEARCH_CHARS });
  const house = useHouseAccount();
  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Who is this order for?
        </Title>
        <TextInput
          type="search"
          label="Search your customers"
          placeholder="Business name"
          size="md"
          data-autofocus
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          description={`Type at least ${MIN_SEARCH_CHARS} characters`}
        />
        <Results term={search} onChoose={props.onChoose} />
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            Selling over the counter?
          </Text>
          <Button
            variant="default"
            size="md"
            disabled={!house.data}
            loading={house.isPending}
            onClick={() =>
              house.data && props.onChoose({ ...chosen(house.data), name: 'Walk-in (house account)' })
            }
          >
            Walk-in (house account)
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
