import { Button, Stack } from '@mantine/core';
import type { Credit } from '@tradeport/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentAccount } from '#lib/current-account.ts';
import { formatMoney } from '#lib/format.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { useCredits } from '../api/credits-list.ts';
import { CreditDrawer } from '../components/credit-drawer.tsx';
import { CreditFilterBar } from '../components/credit-filter-bar.tsx';
import { CreditsTable } from '../components/credits-table.tsx';
import { IssueCreditDialog } from '../components/issue-credit-dialog.tsx';
import { NoRecords } from '../components/no-records.tsx';
import { ListSkeleton } from '../components/payments-table.tsx';
import { creditTitle } from '../model/payment-labels.ts';
import { useCreditFilters } from './use-credit-filters.ts';

/**
 * /payments/credits "Account Credits": what the merchant owes its customers' accounts (issued,
 * left over from payments, adjustment notes), or a customer organisation's own credits. A credit
 * opens in a drawer over the list (`?credit=`), where the merchant applies or voids it.
 */
export function CreditsScreen() {
  const isMerchant = useCurrentAccount().data?.is_merchant ?? false;
  const filterState = useCreditFilters();
  const query = useCredits(filterState.filters);
  const credits = query.data?.pages.flatMap((page) => page.items) ?? [];
  const isUpdating = query.isPlaceholderData && query.isFetching;
  const view = isMerchant ? 'merchant' : 'customer';
  const [isIssuing, setIsIssuing] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();

  const onIssued = (credit: Credit) => {
    setIsIssuing(false);
    showSuccessToast(`${creditTitle(credit)} of ${formatMoney(credit.amount_cents)} issued`);
    // The new credit opens, ready to be applied.
    const next = new URLSearchParams(searchParams);
    next.set('credit', credit.id);
    setSearchParams(next);
  };
  const issueButton = isMerchant ? (
    <Button onClick={() => setIsIssuing(true)}>Issue credit</Button>
  ) : undefined;

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Account Credits"
        description={
          isMerchant
            ? 'Credit your customers hold with you, newest first: issued, left over from payments, or for short-supplied lines.'
            : 'Credit you hold with your merchants, newest first, and where it was applied.'
        }
        actions={issueButton}
      />
      <CreditFilterBar state={filterState} isMerchant={isMerchant} isSearching={isUpdating} />
      <PagedListContent
        query={query}
        shown={credits.length}
        singular="credit"
        plural="credits"
        skeleton={<ListSkeleton label="Loading credits" />}
        empty={
          <NoRecords
            plural="credits"
            isFiltered={filterState.isFiltered}
            onClearFilters={filterState.clear}
            description={
              isMerchant
                ? 'Credits show here when you issue one, when a payment is more than its orders owe, or for short-supplied lines.'
                : 'Credit your merchants give you shows here.'
            }
            action={issueButton}
          />
        }
      >
        <CreditsTable credits={credits} view={view} isUpdating={isUpdating} />
      </PagedListContent>
      <CreditDrawer view={view} />
      {isMerchant && (
        <IssueCreditDialog opened={isIssuing} onIssued={onIssued} onClose={() => setIsIssuing(false)} />
      )}
    </Stack>
  );
}
