import { Anchor, Badge } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { GroupCustomer, GroupSummary } from '@tradeport/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { useDebouncedSearch } from '#lib/use-url-search.ts';
import { useGroupCustomers } from '../api/list-group-customers.ts';
import { useRemoveGroupCustomer } from '../api/remove-group-customer.ts';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';
import { CustomerPickerModal } from './customer-picker-modal.tsx';
import { MemberListState } from './member-list-state.tsx';
import { MemberSection } from './member-section.tsx';
import { type MemberColumn, MemberTable } from './member-table.tsx';
import { routePath } from '#lib/routes.ts';

const COLUMNS: readonly MemberColumn<GroupCustomer>[] = [
  {
    header: 'Status',
    cell: (customer) =>
      customer.is_archived ? (
        <Badge size="sm" variant="light" color="gray">
          Archived
        </Badge>
      ) : (
        'Active'
      ),
  },
];

/** The customers of a tier or group: paged and searched, with add and remove for Admins. */
export function GroupCustomersSection<S extends z.ZodType<GroupProduct>>(props: {
  kind: GroupKind<S>;
  group: GroupSummary;
  canEdit: boolean;
  onRefused: (title: string, error: unknown) => void;
}) {
  const { kind, group } = props;
  const { searchText, setSearchText, search } = useDebouncedSearch();
  const query = useGroupCustomers(kind, group.id, search);
  const remove = useRemoveGroupCustomer(kind, group.id);
  const [removing, setRemoving] = useState<GroupCustomer | null>(null);
  const [isConfirmOpen, confirm] = useDisclosure(false);
  const [isPickerOpen, picker] = useDisclosure(false);
  const customers = query.data?.pages.flatMap((page) => page.items) ?? [];

  const askToRemove = (customer: GroupCustomer) => {
    setRemoving(customer);
    confirm.open();
  };
  const confirmRemove = () => {
    if (!removing || remove.isPending) return;
    const customer = removing;
    remove.mutate(customer.customer_id, {
      onSuccess: () => showSuccessToast(`${customer.title} removed from “${group.name}”`),
      onError: (error) => props.onRefused(`${customer.title} was not removed`, error),
      onSettled: confirm.close,
    });
  };

  return (
    <MemberSection
      title="Customers"
      description={kind.customersNote}
      addLabel="Add customers"
      canEdit={props.canEdit}
      onAdd={picker.open}
      searchLabel={`Search customers in this ${kind.singular}`}
      searchText={searchText}
      onSearchText={setSearchText}
      isSearching={query.isPlaceholderData && query.isFetching}
    >
      <MemberListState
        query={query}
        count={customers.length}
        search={search}
        singular="customer"
        plural="customers"
        empty={`No customers in this ${kind.singular} yet.`}
      >
        <MemberTable
          label={`Customers in ${group.name}`}
          rows={customers}
          keyOf={(customer) => customer.customer_id}
          nameOf={(customer) => customer.title}
          nameHeader="Customer"
          renderName={(customer) => (
            <Anchor
              component={Link}
              to={routePath('/customers/:customerId', { customerId: customer.customer_id })}
            >
              {customer.title}
            </Anchor>
          )}
          columns={COLUMNS}
          onRemove={props.canEdit ? askToRemove : undefined}
          isUpdating={query.isPlaceholderData && query.isFetching}
        />
      </MemberListState>
      {props.canEdit && (
        <>
          <ConfirmDialog
            opened={isConfirmOpen}
            title={`Remove ${removing?.title ?? 'customer'}?`}
            confirmLabel="Remove customer"
            isConfirming={remove.isPending}
            onConfirm={confirmRemove}
            onCancel={confirm.close}
          >
            {removing ? kind.removeCustomerConsequence(removing.title, group.name) : ''}
          </ConfirmDialog>
          <CustomerPickerModal kind={kind} group={group} opened={isPickerOpen} onClose={picker.close} />
        </>
      )}
    </MemberSection>
  );
}
