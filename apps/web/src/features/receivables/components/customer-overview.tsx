import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { MAX_PAGE_SIZE } from '@tradeport/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentAccount } from '#lib/current-account.ts';
import { routePath } from '#lib/routes.ts';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { PayDialogButton } from '#lib/ui/pay-dialog-button.tsx';
import { MAX_OWED_PAGES, useOwed } from '../api/owed.ts';
import { countOf } from '#lib/format.ts';
import { useChosenMerchant } from '../screens/use-chosen-merchant.ts';
import { MerchantSelect } from './merchant-select.tsx';
import { NoMerchants } from './no-merchants.tsx';
import { OverviewSkeleton } from './overview-skeleton.tsx';
import { OwedFigures } from './owed-figures.tsx';
import { type StatementFor, StatementDialog } from './statement-dialog.tsx';

/**
 * A customer organisation's overview: what it owes its merchant now and how overdue, added up
 * from its own outstanding invoices (the received-by-method figures are the merchant's and the
 * API refuses them to a customer), with its statement and a way to pay.
 */
export function CustomerOverview() {
  const { organisation } = useCurrentAccount();
  const merchant = useChosenMerchant({ enabled: true });
  const owed = useOwed(merchant.chosen?.id ?? null);
  const [statementFor, setStatementFor] = useState<StatementFor | null>(null);
  const chosen = merchant.chosen;

  let content;
  if (merchant.query.isError) {
    content = (
      <LoadFailedAlert
        title="We could not load your merchants"
        message={merchant.query.error.message}
        onRetry={() => void merchant.query.refetch()}
      />
    );
  } else if (merchant.query.isSuccess && !chosen) {
    content = <NoMerchants />;
  } else if (owed.isError) {
    content = (
      <LoadFailedAlert
        title="We could not load what you owe"
        message={owed.error.message}
        onRetry={() => void owed.refetch()}
      />
    );
  } else if (owed.data) {
    content = (
      <Stack gap="md">
        {owed.data.isPartial && (
          <Alert color="yellow" variant="light">
            These figures add up your {countOf(MAX_OWED_PAGES * MAX_PAGE_SIZE, 'invoice')} due soonest; the
            full list is under Outstanding payments.
          </Alert>
        )}
        <OwedFigures figures={owed.data} owedLabel="You owe" search={merchant.search} />
        <Anchor component={Link} to={routePath('/payments/outstanding', undefined, merchant.search)}>
          See the invoices you owe
        </Anchor>
      </Stack>
    );
  } else {
    content = <OverviewSkeleton label="Loading what you owe" />;
  }

  const actions = chosen && organisation && (
    <Group gap="xs">
      <Button
        variant="default"
        onClick={() =>
          setStatementFor({
            merchantId: chosen.id,
            customerOrganisationId: organisation.id,
            customerName: organisation.title,
          })
        }
      >
        Statement
      </Button>
      {(owed.data?.outstanding_cents ?? 0) > 0 && (
        <PayDialogButton request={{ kind: 'card', merchantId: chosen.id }}>Pay outstanding</PayDialogButton>
      )}
    </Group>
  );

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Payments overview"
        description={
          chosen
            ? `What you owe ${chosen.title} now, and how overdue it is.`
            : 'What you owe now, and how overdue it is.'
        }
        actions={actions}
      />
      <MerchantSelect state={merchant} />
      {content}
      <StatementDialog
        statementFor={statementFor}
        asOf={owed.data?.as_of ?? null}
        onClose={() => setStatementFor(null)}
      />
    </Stack>
  );
}
