import { Button, Group, Loader, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MIN_SEARCH_CHARS } from '@tradeport/contract';
import { useDebouncedSearch } from '#lib/use-url-search.ts';
import { PickerStatus } from '#shared/product-groups/components/picker-status.tsx';
import { useCustomerSearch } from '#shared/product-groups/api/search-customers.ts';
import type { MethodFormValues } from '../model/method-form.ts';

export type ChosenCustomer = { id: string; title: string };

function CustomerFinder(props: {
  chosen: readonly ChosenCustomer[];
  disabled: boolean;
  onAdd: (customer: ChosenCustomer) => void;
}) {
  const { searchText, setSearchText, search: term } = useDebouncedSearch({ minLength: MIN_SEARCH_CHARS });
  const query = useCustomerSearch(term);
  const chosenIds = new Set(props.chosen.map((customer) => customer.id));
  const results = (query.data?.items ?? []).filter((customer) => !chosenIds.has(customer.id));
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label="Find a customer to add"
        placeholder="Business name"
        value={searchText}
        disabled={props.disabled}
        onChange={(event) => setSearchText(event.currentTarget.value)}
        rightSection={
          query.isFetching ? <Loader size="xs" role="status" aria-label="Searching" /> : undefined
        }
      />
      <PickerStatus
        term={term}
        noun="customers"
        isPending={query.isPending}
        isError={query.isError}
        count={query.data?.items.length ?? 0}
        onRetry={() => void query.refetch()}
      />
      {term && results.length > 0 && (
        <Table aria-label="Matching customers" verticalSpacing={4}>
          <Table.Tbody>
            {results.map((customer) => (
              <Table.Tr key={customer.id}>
                <Table.Th scope="row" fw={500}>
                  {customer.title}
                </Table.Th>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={`Add ${customer.title}`}
                    disabled={props.disabled}
                    onClick={() => props.onAdd({ id: customer.id, title: customer.title })}
                  >
                    Add
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * Every customer, or only the chosen ones. The chosen list is the form's to keep until Save,
 * which assigns and unassigns the difference.
 */
export function OfferedToField(props: {
  form: UseFormReturnType<MethodFormValues>;
  chosen: readonly ChosenCustomer[];
  isLoadingChosen: boolean;
  /** The stored list could not be read: the chosen customers cannot be changed here now. */
  loadFailed: boolean;
  disabled: boolean;
  onChange: (chosen: ChosenCustomer[]) => void;
}) {
  const { form } = props;
  const isChosen = form.getValues().audience === 'chosen';
  return (
    <Stack gap="sm">
      <Radio.Group label="Offered to" {...form.getInputProps('audience')}>
        <Group mt="xs">
          <Radio value="all" label="Every customer" disabled={props.disabled} />
          <Radio value="chosen" label="Chosen customers" disabled={props.disabled} />
        </Group>
      </Radio.Group>
      {isChosen && (
        <Stack gap="xs">
          {props.isLoadingChosen ? (
            <Loader size="sm" role="status" aria-label="Loading the chosen customers" />
          ) : props.loadFailed ? (
            <Text size="sm" c="red" role="alert">
              We could not load the chosen customers. Close the form and try again to change them.
            </Text>
          ) : props.chosen.length === 0 ? (
            <Text size="sm" c="dimmed">
              No customers chosen yet: no one is offered this method until you add some.
            </Text>
          ) : (
            <Table aria-label="Chosen customers" verticalSpacing={4}>
              <Table.Tbody>
                {props.chosen.map((customer) => (
                  <Table.Tr key={customer.id}>
                    <Table.Th scope="row" fw={500}>
                      {customer.title}
                    </Table.Th>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${customer.title}`}
                        disabled={props.disabled}
                        onClick={() => props.onChange(props.chosen.filter((c) => c.id !== customer.id))}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <CustomerFinder
            chosen={props.chosen}
            // Until the stored list is in, a change would be measured against an empty one.
            disabled={props.disabled || props.isLoadingChosen || props.loadFailed}
            onAdd={(customer) => props.onChange([...props.chosen, customer])}
          />
        </Stack>
      )}
    </Stack>
  );
}
