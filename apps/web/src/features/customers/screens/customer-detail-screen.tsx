import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CustomerParams } from '@tradeport/contract';
import { Link, useParams } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { formatDate } from '#lib/format.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useCustomer } from '../api/get-customer.ts';
import { ArchiveSection } from '../components/archive-section.tsx';
import { CustomerBadges } from '../components/customer-badges.tsx';
import { DetailsSection } from '../components/details-section.tsx';
import { PaymentSettingsSection } from '../components/payment-settings-section.tsx';
import { PeopleSection } from '../components/people-section.tsx';
import { TierGroupsSection } from '../components/tier-groups-section.tsx';

function BackToCustomers() {
  return (
    <Anchor component={Link} to="/customers" size="sm">
      ← Customers
    </Anchor>
  );
}

function CustomerNotFound() {
  return (
    <Stack gap="xs" align="flex-start">
      <BackToCustomers />
      <Title order={1}>Customer not found</Title>
      <Text c="dimmed">
        There is no customer at this address. It may have been removed, or it belongs to another organisation.
      </Text>
      <Button component={Link} to="/customers" variant="default">
        Back to customers
      </Button>
    </Stack>
  );
}

function CustomerSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Text role="status" size="sm" c="dimmed">
        Loading customer…
      </Text>
      <Skeleton height={32} width="40%" />
      <Skeleton height={280} />
      <Skeleton height={160} />
    </Stack>
  );
}

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
    return <CustomerNotFound />;
  }
  if (query.isPending) return <CustomerSkeleton />;
  if (query.isError) {
    return (
      <Stack gap="md" align="flex-start">
        <BackToCustomers />
        <Title order={1}>Customer</Title>
        <LoadFailedAlert
          title="We could not load this customer"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      </Stack>
    );
  }

  const customer = query.data;
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={6}>
        <BackToCustomers />
        <Group gap="sm" align="center">
          <Title order={1}>{customer.title}</Title>
          <CustomerBadges customer={customer} size="lg" />
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
