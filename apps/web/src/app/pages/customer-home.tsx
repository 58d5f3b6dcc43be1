import { Button, Grid, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { NextDelivery, RecentOrders } from '#features/orders/components/customer-orders-glance.tsx';
import { CustomerOwedCard } from '#features/receivables/components/customer-owed-card.tsx';
import { routePath } from '#lib/routes.ts';

/**
 * A customer organisation's home: what arrives next, what it owes (and a way to pay), and its
 * latest orders to order again. Composed here from the orders and receivables features, which
 * never import each other.
 */
export function CustomerHome() {
  return (
    <Stack gap="md">
      <div>
        <Button component={Link} to={routePath('/orders/create')} size="md">
          Create New Order
        </Button>
      </div>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NextDelivery />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <CustomerOwedCard />
        </Grid.Col>
      </Grid>
      <RecentOrders />
    </Stack>
  );
}
