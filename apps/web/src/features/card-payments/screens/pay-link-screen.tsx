import {
  Alert,
  Avatar,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { PaymentLinkTokenParams, type PaymentLinkPage } from '@tradeport/contract';
import { type ReactNode, useMemo } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '#lib/api-error.ts';
import { formatDate, formatMoney } from '#lib/format.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { linkChannel, usePaymentLinkPage } from '../api/pay-channels.ts';
import { CardPayFlow } from '../components/card-pay-flow.tsx';

function Frame(props: { children: ReactNode }) {
  return (
    <Container size={560} px="md" py="xl" component="main">
      {props.children}
    </Container>
  );
}

function Closed(props: { title: string; children: ReactNode }) {
  return (
    <Frame>
      <Stack gap="sm">
        <Title order={1}>{props.title}</Title>
        <Text>{props.children}</Text>
      </Stack>
    </Frame>
  );
}

function WhatIsOwed(props: { page: PaymentLinkPage }) {
  const { page } = props;
  return (
    <Stack gap="sm">
      <Table aria-label="What this link pays" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th ta="right">Owing</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Th scope="row" fw={400}>
                Order {order.number}
              </Table.Th>
              <Table.Td>{formatDate(order.due_date)}</Table.Td>
              <Table.Td ta="right">{formatMoney(order.payable_cents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              Total owing
            </Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatMoney(page.payable_cents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        This link works until {formatDate(page.expires_at)}.
      </Text>
    </Stack>
  );
}

/**
 * /pay/:token: a payment link's public page (no sign-in, no app shell). What is owed to whom, and
 * the same card payment as the portal's, with the surcharge shown before paying.
 */
export function PayLinkScreen() {
  const { token = '' } = useParams();
  const isToken = PaymentLinkTokenParams.safeParse({ token }).success;
  const page = usePaymentLinkPage(isToken ? token : '');
  const channel = useMemo(() => linkChannel(token), [token]);

  const isNotFound = !isToken || (page.error instanceof ApiError && page.error.status === 404);
  if (isNotFound) {
    return (
      <Closed title="Payment link not found">
        Check that the whole address was copied, or ask whoever sent it for a new link.
      </Closed>
    );
  }
  if (page.error instanceof ApiError && page.error.code === 'PAYMENT_LINK_EXPIRED') {
    return <Closed title="This link has expired">{page.error.message}</Closed>;
  }
  if (page.isPending) {
    return (
      <Frame>
        <Loader role="status" aria-label="Loading what this link pays" />
      </Frame>
    );
  }
  if (page.isError) {
    return (
      <Frame>
        <LoadFailedAlert
          title="We could not load this payment"
          message={page.error.message}
          onRetry={() => void page.refetch()}
        />
      </Frame>
    );
  }

  const data = page.data;
  return (
    <Frame>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          {data.merchant.image && <Avatar src={data.merchant.image} alt="" size="lg" radius="sm" />}
          <Stack gap={2}>
            <Title order={1}>Pay {data.merchant.title}</Title>
            <Text c="dimmed">For {data.customer.name}</Text>
          </Stack>
        </Group>
        {data.orders.length > 0 ? (
          <WhatIsOwed page={data} />
        ) : (
          // Paid already (or a card payment for it is still processing), or the merchant cannot take
          // card payments now: the server says which.
          <Alert color="gray" variant="light" title="Nothing to pay by card now">
            {data.unavailable_reason ?? 'There is nothing to pay.'}
          </Alert>
        )}
        <Divider />
        {data.orders.length > 0 && (
          <Paper withBorder p="md">
            <CardPayFlow setup={data} channel={channel} />
          </Paper>
        )}
      </Stack>
    </Frame>
  );
}
