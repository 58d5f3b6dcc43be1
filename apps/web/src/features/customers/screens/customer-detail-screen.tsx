import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { CustomerParams } from '@tradeport/contract';
import { useParams } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { formatDate } from '#lib/format.ts';
import { BackLink, RecordLoadFailed, RecordLoading, RecordNotFound } from '#lib/ui/record-states.tsx';
import { useCustomer } from '../api/get-customer.ts';
import { ArchiveSection } from '../components/archive-section.tsx';
import { CardPaymentActions } from '../components/card-payment-actions.tsx';
import { CustomerBadges } from '../components/customer-badges.tsx';
import { DetailsSection } from '../components/details-section.tsx';
import { PaymentSettingsSection } from '../components/payment-settings-section.tsx';
import { PeopleSection } from '../components/people-section.tsx';
import { TierGroupsSection } from '../components/tier-groups-section.tsx';
import { routePath } from '#lib/routes.ts';

const CUSTOMERS = { path: routePath('/customers'), label: 'Customers' };

/**
 * /customers/:customerId: one customer's details, payment settings, pricing tier and visibility
 * groups, people, and archive/restore.
 */
export function CustomerDetailScreen() {
  const { customerId = '' } = useParams();
  // An address that cannot be a customer id is not found without asking the server.
  const isCustomerId = CustomerParams.shape.cid.safeParse(customerId).success;
  const query = useCustomer(customerId, { enabled: isCustomerId });

  if (!isCustomerId || (query.error instanceof ApiError && query.error.status === 404)) {
    return <RecordNotFound list={CUSTOMERS} title="Customer" what="customer" goneBy="removed" />;
  }
  if (query.isPending) return <RecordLoading what="customer" blocks={[280, 160]} />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        list={CUSTOMERS}
        title="Customer"
        what="customer"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const customer = query.data;
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={6}>
        <BackLink to={CUSTOMERS} />
        <Group justify="space-between" align="center">
          <Group gap="sm" align="center">
            <Title order={1}>{customer.title}</Title>
            <CustomerBadges customer={customer} size="lg" />
          </Group>
          <CardPaymentActions customer={customer} />
        </Group>
        <Text size="sm" c="dimmed">
          Customer since {formatDate(customer.created_at)} · {customer.user_count}{' '}
          {customer.user_count === 1 ? 'person' : 'people'}
        </Text>
      </Stack>
      {customer.archived && (
        <Alert color="gray" variant="light">
          This customer is archived and is not among your active customers.
        </Alert>
      )}
      <DetailsSection customer={customer} />
      <PaymentSettingsSection customerId={customer.id} />
      <TierGroupsSection customer={customer} />
      <PeopleSection customerId={customer.id} />
      <ArchiveSection customer={customer} />
    </Stack>
  );
}
