import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { type Customer, type GroupSummary, MIN_SEARCH_CHARS } from '@tradeport/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { showSuccessToast } from '#lib/toasts.ts';
import { useDebouncedSearch } from '#lib/use-url-search.ts';
import { useAddGroupCustomer } from '../api/add-group-customer.ts';
import { useCustomerSearch } from '../api/search-customers.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { PickerStatus } from './picker-status.tsx';
import { RefusalAlert, useRefusal } from './refusal-alert.tsx';

function CustomerResult(props: {
  customer: Customer;
  isAdded: boolean;
  isAdding: boolean;
  isBusy: boolean;
  onAdd: () => void;
}) {
  const { customer } = props;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        <Group gap="xs">
          {customer.title}
          {customer.archived && (
            <Badge size="sm" variant="light" color="gray">
              Archived
            </Badge>
          )}
        </Group>
      </Table.Th>
      <Table.Td ta="right">
        {props.isAdded ? (
          <Text size="sm" c="teal" fw={500}>
            Added
          </Text>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Add ${customer.title}`}
            loading={props.isAdding}
            disabled={props.isBusy && !props.isAdding}
            onClick={props.onAdd}
          >
            Add
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

type PickerProps<S extends z.ZodType<GroupProduct>> = {
  kind: GroupKind<S>;
  group: GroupSummary;
  onClose: () => void;
};

function CustomerPicker<S extends z.ZodType<GroupProduct>>(props: PickerProps<S>) {
  const { kind, group } = props;
  const { searchText, setSearchText, search: term } = useDebouncedSearch({ minLength: MIN_SEARCH_CHARS });
  const query = useCustomerSearch(term);
  const add = useAddGroupCustomer(kind, group.id);
  const { refusal, report, clear } = useRefusal();
  const [addedIds, setAddedIds] = useState<ReadonlySet<string>>(new Set());
  const customers = query.data?.items ?? [];

  const addCustomer = (customer: Customer) => {
    clear();
    add.mutate(customer.id, {
      onSuccess: () => {
        setAddedIds((ids) => new Set(ids).add(customer.id));
        showSuccessToast(`${customer.title} added to “${group.name}”`);
      },
      onError: (error) => report(`${customer.title} was not added`, error),
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm">{kind.customersNote}</Text>
      <TextInput
        type="search"
        label="Search your customers"
        placeholder="Business name"
        data-autofocus
        value={searchText}
        onChange={(event) => setSearchText(event.currentTarget.value)}
      />
      <RefusalAlert refusal={refusal} onClose={clear} />
      <PickerStatus
        term={term}
        noun="customers"
        isPending={query.isPending}
        isError={query.isError}
        count={customers.length}
        onRetry={() => void query.refetch()}
      />
      {term && customers.length > 0 && (
        <Table aria-label="Matching customers" verticalSpacing="xs">
          <Table.Tbody>
            {customers.map((customer) => (
              <CustomerResult
                key={customer.id}
                customer={customer}
                isAdded={addedIds.has(customer.id)}
                isAdding={add.isPending && add.variables === customer.id}
                isBusy={add.isPending}
                onAdd={() => addCustomer(customer)}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Add customers": searches the merchant's customers and puts each chosen one in, one at a time,
 * so the picker can stay open while several are added. The picker lives inside the modal, which
 * unmounts it on close, so each opening starts with an empty search.
 */
export function CustomerPickerModal<S extends z.ZodType<GroupProduct>>(
  props: PickerProps<S> & { opened: boolean },
) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Add customers to “${props.group.name}”`}
      size="lg"
    >
      <CustomerPicker kind={props.kind} group={props.group} onClose={props.onClose} />
    </Modal>
  );
}
