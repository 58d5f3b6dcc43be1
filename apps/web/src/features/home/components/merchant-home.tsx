import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MerchantHome as MerchantHomeFigures } from '@tradeport/contract';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { countOf, formatDate, formatMoney } from '#lib/format.ts';
import { routePath } from '#lib/routes.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { LazyMoneyOverTimeChart } from '#shared/charts/money-over-time-chart-lazy.ts';
import { FigureCard } from '#shared/figures/figure-card.tsx';
import { useMerchantHome } from '../api/merchant-home.ts';

/** Where each figure is worked on: the orders list filtered to it, or what is owed. */
function linksOf(home: MerchantHomeFigures) {
  const today = home.as_of;
  return {
    processing: routePath('/orders', undefined, { status: 'PROCESSING' }),
    onHold: routePath('/orders', undefined, { status: 'ON_HOLD' }),
    deliveringToday: routePath('/orders', undefined, {
      status: 'PROCESSING,ON_HOLD,SHIPPED',
      delivery_from: today,
      delivery_to: today,
    }),
    newOrders: routePath('/orders'),
    overdue: routePath('/payments/outstanding'),
  };
}

const QUICK_LINKS = [
  { label: 'New order', to: routePath('/orders/create') },
  { label: 'Products', to: routePath('/products') },
  { label: 'Customers', to: routePath('/customers') },
  { label: 'Payments', to: routePath('/payments/overview') },
  { label: 'Reports', to: routePath('/reports') },
] as const;

function ViewLink(props: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={props.to} size="sm">
      {props.label}
    </Anchor>
  );
}

function Figures(props: { home: MerchantHomeFigures }) {
  const { home } = props;
  const links = linksOf(home);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <FigureCard
        label="To process"
        value={home.processing_count.toLocaleString('en-AU')}
        note={
          <>
            {home.on_hold_count > 0 ? `${countOf(home.on_hold_count, 'order')} on hold · ` : ''}
            <ViewLink to={links.processing} label="View orders to process" />
          </>
        }
      />
      <FigureCard
        label="To deliver today"
        value={home.delivering_today_count.toLocaleString('en-AU')}
        note={<ViewLink to={links.deliveringToday} label="View today’s deliveries" />}
      />
      <FigureCard
        label="New since yesterday"
        value={home.new_since_yesterday_count.toLocaleString('en-AU')}
        note={<ViewLink to={links.newOrders} label="View newest orders" />}
      />
      <FigureCard
        label="Overdue"
        value={formatMoney(home.overdue_cents)}
        color={home.overdue_cents > 0 ? 'red.8' : undefined}
        note={
          <>
            {countOf(home.overdue_count, 'invoice')} ·{' '}
            <ViewLink to={links.overdue} label="View outstanding payments" />
          </>
        }
      />
    </SimpleGrid>
  );
}

function Sales(props: { home: MerchantHomeFigures }) {
  const { sales } = props.home;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sales-heading">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="sales-heading">
            Sales, last 30 days
          </Title>
          <Text size="sm" c="dimmed">
            {formatDate(sales.from)} to {formatDate(sales.to)} · orders not cancelled, inc. GST, by the day
            placed ({props.home.time_zone} time)
          </Text>
        </div>
        <Text fz={26} fw={700}>
          {formatMoney(sales.total_cents)}{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            from {countOf(sales.order_count, 'order')}
          </Text>
        </Text>
        {sales.order_count === 0 ? (
          <Text c="dimmed">No orders in the last 30 days yet. Orders your customers place show here.</Text>
        ) : (
          <Suspense fallback={<Skeleton height={220} radius="md" aria-hidden="true" />}>
            <LazyMoneyOverTimeChart
              points={sales.by_day.map((day) => ({ date: day.date, cents: day.total_cents }))}
              period={sales}
              series="Sales"
            />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}

/** A merchant's home: today at a glance, 30 days of sales, and the ways into the day's work. */
export function MerchantHome() {
  const home = useMerchantHome();
  return (
    <Stack gap="lg">
      {home.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading today at a glance">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {[0, 1, 2, 3].map((card) => (
              <Skeleton key={card} height={104} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton height={300} radius="md" />
        </Stack>
      ) : home.isError ? (
        <LoadFailedAlert
          title="Today’s figures could not be loaded"
          message={home.error.message}
          onRetry={() => void home.refetch()}
        />
      ) : (
        <>
          <section aria-labelledby="today-heading">
            <Title order={2} size="h3" id="today-heading" mb="sm">
              Today, {formatDate(home.data.as_of)}
            </Title>
            <Figures home={home.data} />
          </section>
          <Sales home={home.data} />
        </>
      )}
      {/* A group, not a second navigation landmark: the menu is the page's navigation. */}
      <Group gap="sm" role="group" aria-label="Quick links">
        {QUICK_LINKS.map((link) => (
          <Button key={link.to} component={Link} to={link.to} variant="default">
            {link.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
