import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { countOf, formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { PayDialogButton } from '#lib/ui/pay-dialog-button.tsx';
import { LoadingSkeleton } from '#lib/ui/loading-skeleton.tsx';
import { useOwed } from '../api/owed.ts';
import { useChosenMerchant } from '../screens/use-chosen-merchant.ts';

/** A customer's home, what it owes: to its merchant, how much is overdue, and a way to pay it. */
export function CustomerOwedCard() {
  const merchant = useChosenMerchant({ enabled: true });
  const chosen = merchant.chosen;
  const owed = useOwed(chosen?.id ?? null);
  let body;
  if (merchant.query.isError || owed.isError) {
    const error = merchant.query.error ?? owed.error;
    body = (
      <LoadFailedAlert
        title="What you owe could not be loaded"
        message={error?.message}
        onRetry={() => void (merchant.query.isError ? merchant.query.refetch() : owed.refetch())}
      />
    );
  } else if (merchant.query.isSuccess && !chosen) {
    body = <Text c="dimmed">You do not order from a merchant yet.</Text>;
  } else if (!owed.data) {
    body = <LoadingSkeleton label="Loading what you owe" height={64} />;
  } else {
    const figures = owed.data;
    body = (
      <Stack gap="xs">
        <Text fz={26} fw={700}>
          {formatMoney(figures.outstanding_cents)}
        </Text>
        <Text size="sm" c={figures.overdue_cents > 0 ? 'red.9' : 'dimmed'}>
          {figures.outstanding_count === 0
            ? 'Nothing to pay: every invoice is paid.'
            : `${countOf(figures.outstanding_count, 'invoice')} to pay${
                figures.overdue_cents > 0 ? `, ${formatMoney(figures.overdue_cents)} overdue` : ''
              }`}
        </Text>
        <Group gap="sm">
          {figures.outstanding_cents > 0 && chosen && (
            <PayDialogButton request={{ kind: 'card', merchantId: chosen.id }}>
              Pay outstanding
            </PayDialogButton>
          )}
          <Anchor
            component={Link}
            to={routePath('/payments/outstanding', undefined, merchant.search)}
            size="sm"
          >
            See the invoices you owe
          </Anchor>
        </Group>
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="owed-heading">
      <Title order={2} size="h4" id="owed-heading" mb="xs">
        {chosen ? `You owe ${chosen.title}` : 'What you owe'}
      </Title>
      {body}
    </Paper>
  );
}
