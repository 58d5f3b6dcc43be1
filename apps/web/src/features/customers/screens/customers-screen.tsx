import {
  Button,
  EmptyState,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { NoSearchMatches } from '#lib/ui/no-search-matches.tsx';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { useUrlSearch } from '#lib/use-url-search.ts';
import type { CustomerStatusFilter, CustomerTierFilter } from '../api/customer-keys.ts';
import { tierOptionsQuery } from '../api/customer-tier-groups.ts';
import { MIN_SEARCH_LENGTH, useCustomers } from '../api/list-customers.ts';
import { CreateCustomerModal } from '../components/create-customer-modal.tsx';
import { CustomersTable, CustomersTableSkeleton } from '../components/customers-table.tsx';

const STATUS_OPTIONS: { value: CustomerStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

function statusOf(value: string | null): CustomerStatusFilter {
  return STATUS_OPTIONS.find((option) => option.value === value)?.value ?? 'active';
}

const ALL_TIERS = '';
const NO_TIER = 'none';

/** Every member may read the tiers; the filter offers them, and keeps one in the URL it no longer lists. */
function TierFilter(props: { value: CustomerTierFilter; onChange: (value: CustomerTierFilter) => void }) {
  const tiers = useQuery(tierOptionsQuery(useOrganisationId()));
  const options = (tiers.data?.items ?? []).map((tier) => ({ value: tier.id, label: tier.name }));
  const isUnlisted = props.value && props.value !== NO_TIER && !options.some((o) => o.value === props.value);
  return (
    <NativeSelect
      label="Pricing tier"
      value={props.value ?? ALL_TIERS}
      onChange={(event) => props.onChange(event.currentTarget.value || null)}
      data={[
        { value: ALL_TIERS, label: 'All tiers' },
        { value: NO_TIER, label: 'No tier (base prices)' },
        ...options,
        ...(isUnlisted && props.value ? [{ value: props.value, label: 'Chosen tier' }] : []),
      ]}
    />
  );
}

function NoCustomers(props: {
  search: string | null;
  status: CustomerStatusFilter;
  isTierFiltered: boolean;
  onAdd: () => void;
  onClearSearch: () => void;
}) {
  if (props.search) {
    return <NoSearchMatches plural="customers" search={props.search} onClear={props.onClearSearch} />;
  }
  if (props.isTierFiltered) {
    return (
      <EmptyState
        title="No customers in this tier"
        description="Choose another tier, or put customers in this one from its page or theirs."
      />
    );
  }
  if (props.status === 'archived') {
    return (
      <EmptyState
        title="No archived customers"
        description="Customers you archive are kept here and can be restored at any time."
      />
    );
  }
  return (
    <EmptyState
      title="No customers yet"
      description="Add the cafés, restaurants and shops you sell to, then invite their people to order from you."
    >
      <EmptyState.Actions>
        <Button onClick={props.onAdd}>Add customer</Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** /customers: the merchant's customers, searched and filtered on the server, a page at a time. */
export function CustomersScreen() {
  // The URL keeps the search and filter, so Back from a customer returns to the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusOf(searchParams.get('status'));
  const tier = searchParams.get('tier') || null;
  const { searchText, setSearchText, search } = useUrlSearch({ minLength: MIN_SEARCH_LENGTH });
  const [isCreateOpen, createModal] = useDisclosure(false);
  const query = useCustomers({ search, status, tier });

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setSearchParams(next, { replace: true });
  };
  const setStatus = (value: CustomerStatusFilter) => setParam('status', value === 'active' ? null : value);

  const customers = query.data?.pages.flatMap((page) => page.items) ?? [];
  const isSearchTooShort = searchText.trim().length > 0 && searchText.trim().length < MIN_SEARCH_LENGTH;
  const isUpdating = query.isPlaceholderData && query.isFetching;

  const content = (
    <PagedListContent
      query={query}
      shown={customers.length}
      singular="customer"
      plural="customers"
      skeleton={<CustomersTableSkeleton />}
      empty={
        <NoCustomers
          search={search}
          status={status}
          isTierFiltered={tier !== null}
          onAdd={createModal.open}
          onClearSearch={() => setSearchText('')}
        />
      }
    >
      <CustomersTable customers={customers} isUpdating={isUpdating} />
    </PagedListContent>
  );

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Customers"
        description="The businesses that order from you, their people and their payment terms."
        actions={<Button onClick={createModal.open}>Add customer</Button>}
      />
      <Group align="flex-end" gap="md">
        <TextInput
          type="search"
          aria-label="Search customers"
          placeholder="Search customers"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          description={
            isSearchTooShort ? `Type at least ${MIN_SEARCH_LENGTH} characters to search` : undefined
          }
          rightSection={isUpdating ? <Loader size="xs" role="status" aria-label="Searching" /> : undefined}
          style={{ flex: '1 1 280px', maxWidth: 420 }}
        />
        <TierFilter value={tier} onChange={(value) => setParam('tier', value)} />
        <SegmentedControl
          aria-label="Status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => setStatus(statusOf(value))}
        />
      </Group>
      {content}
      <CreateCustomerModal opened={isCreateOpen} onClose={createModal.close} />
    </Stack>
  );
}
