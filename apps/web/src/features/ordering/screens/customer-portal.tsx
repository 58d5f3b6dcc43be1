import { EmptyState, Loader, NativeSelect, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useMyMerchants } from '../api/portal-merchant.ts';
import { OrderingWorkspace } from '../components/ordering-workspace.tsx';

const MERCHANT_PARAM = 'merchant';

/**
 * A customer's ordering portal: its merchant's catalogue at its prices, and its cart (shared by
 * the customer's people). A customer of more than one merchant chooses whose portal it orders from.
 */
export function CustomerPortal(props: { customerOrganisationId: string }) {
  const merchants = useMyMerchants();
  const [searchParams, setSearchParams] = useSearchParams();

  if (merchants.isPending) return <Loader role="status" aria-label="Loading your portal" />;
  if (merchants.isError) {
    return (
      <LoadFailedAlert
        title="We could not load your ordering portal"
        message={merchants.error.message}
        onRetry={() => void merchants.refetch()}
      />
    );
  }
  const list = merchants.data;
  const merchant = list.find((m) => m.id === searchParams.get(MERCHANT_PARAM)) ?? list[0];
  if (!merchant) {
    return (
      <EmptyState
        title="You cannot order yet"
        description="Your organisation has no account with a merchant. Ask your supplier to add you as a customer."
      />
    );
  }
  const chooseMerchant = (id: string) => {
    const next = new URLSearchParams();
    next.set(MERCHANT_PARAM, id);
    setSearchParams(next, { replace: true });
  };

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Create New Order"
        description={`Order from ${merchant.title} at your prices.`}
        actions={
          list.length > 1 ? (
            <NativeSelect
              label="Ordering from"
              value={merchant.id}
              onChange={(event) => chooseMerchant(event.currentTarget.value)}
              data={list.map((m) => ({ value: m.id, label: m.title }))}
            />
          ) : undefined
        }
      />
      <OrderingWorkspace
        key={merchant.id}
        scope={{ merchantId: merchant.id, customerOrganisationId: props.customerOrganisationId }}
      />
    </Stack>
  );
}
