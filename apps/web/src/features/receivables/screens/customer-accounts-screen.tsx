import { EmptyState, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type CustomerAccountBalance, MIN_SEARCH_CHARS } from '@tradeport/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from '#lib/format.ts';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { NoSearchMatches } from '#lib/ui/no-search-matches.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { useOrganisationId } from '#lib/use-organisation-id.ts';
import { useUrlSearch } from '#lib/use-url-search.ts';
import { useCustomerAccounts } from '../api/customer-accounts.ts';
import type { CustomerAccountFilters } from '../api/receivable-keys.ts';
import {
  CustomerAccountsTable,
  CustomerAccountsTableSkeleton,
} from '../components/customer-accounts-table.tsx';
import { type StatementFor, StatementDialog } from '../components/statement-dialog.tsx';

type Status = CustomerAccountFilters['status'];

const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

const statusOf = (value: string | null): Status =>
  STATUS_OPTIONS.find((option) => option.value === value)?.value ?? 'active';

function NoAccounts(props: { search: string | null; status: Status; onClearSearch: () => void }) {
  if (props.search) {
    return <NoSearchMatches plural="customers" search={props.search} onClear={props.onClearSearch} />;
  }
  return (
    <EmptyState
      title={props.status === 'archived' ? 'No archived customers' : 'No customers yet'}
      description="Customers you add under Customers show here with what they owe you."
    />
  );
}

/**
 * /payments/customers "Customer Accounts" (merchants only): each customer's balance, overdue
 * amount, available credit and credit limit used, searched and paged on the server, with a
 * statement PDF per customer for a period.
 */
export function CustomerAccountsScreen() {
  const merchantId = useOrganisationId();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusOf(searchParams.get('status'));
  const { searchText, setSearchText, search } = useUrlSearch({ minLength: MIN_SEARCH_CHARS });
  const query = useCustomerAccounts({ search, status });
  const [statementFor, setStatementFor] = useState<StatementFor | null>(null);

  const accounts = query.data?.pages.flatMap((page) => page.items) ?? [];
  const asOf = query.data?.pages[0]?.as_of ?? null;
  const isUpdating = query.isPlaceholderData && query.isFetching;
  const typed = searchText.trim();
  const isSearchTooShort = typed.length > 0 && typed.length < MIN_SEARCH_CHARS;

  const setStatus = (value: Status) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'active') next.delete('status');
    else next.set('status', value);
    setSearchParams(next, { replace: true });
  };
  const openStatement = (account: CustomerAccountBalance) => {
    if (!merchantId) return;
    setStatementFor({
      merchantId,
      customerOrganisationId: account.organisation_id,
      customerName: account.name,
    });
  };

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Customer Accounts"
        description="What each customer owes you, how much of it is overdue, their credit and their credit limit."
      />
      <Group align="flex-end" gap="md">
        <TextInput
          type="search"
          label="Search customers"
          placeholder="Customer name"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          description={
            isSearchTooShort ? `Type at least ${MIN_SEARCH_CHARS} characters to search` : undefined
          }
          // A status, so its name is announced (a name on a plain span is not allowed).
          rightSection={isUpdating ? <Loader size="xs" role="status" aria-label="Searching" /> : undefined}
          style={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <SegmentedControl
          aria-label="Status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => setStatus(statusOf(value))}
        />
      </Group>
      <PagedListContent
        query={query}
        shown={accounts.length}
        singular="customer"
        plural="customers"
        skeleton={<CustomerAccountsTableSkeleton />}
        empty={<NoAccounts search={search} status={status} onClearSearch={() => setSearchText('')} />}
      >
        {asOf && (
          <Text size="sm" c="dimmed">
            Balances and overdue amounts as of {formatDate(asOf)}.
          </Text>
        )}
        <CustomerAccountsTable accounts={accounts} onStatement={openStatement} isUpdating={isUpdating} />
      </PagedListContent>
      <StatementDialog statementFor={statementFor} asOf={asOf} onClose={() => setStatementFor(null)} />
    </Stack>
  );
}
