import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  NumberInput,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  type CreatedPaymentLink,
  PAYMENT_LINK_DEFAULT_DAYS,
  PAYMENT_LINK_MAX_DAYS,
  type PaymentLink,
} from '@tradeport/contract';
import { type ReactNode, useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { formatDate } from '#lib/format.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useOrderCustomerAccount } from '../api/order-customer.ts';
import { useCreatePaymentLink, usePaymentLinks, useRevokePaymentLink } from '../api/payment-links.ts';
import { PayModal } from './pay-dialogs.tsx';

const STATE_LABELS: Record<PaymentLink['state'], { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: 'teal' },
  EXPIRED: { label: 'Expired', color: 'gray' },
  REVOKED: { label: 'Revoked', color: 'red' },
};

const linkFor = (link: PaymentLink) => (link.order ? `Order ${link.order.number}` : 'Whole balance');

function CreatedLink(props: { link: CreatedPaymentLink }) {
  const { link } = props;
  return (
    <Alert color="teal" variant="light" title="Link created">
      <Stack gap="sm">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Payment link"
            value={link.url}
            readOnly
            style={{ flex: 1 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">
          Send it to the customer: whoever holds it can pay{' '}
          {link.order ? `order ${link.order.number}` : 'the balance'} by card, without signing in, until{' '}
          {formatDate(link.expires_at)}. It is shown only now; make a new one if it is lost.
        </Text>
      </Stack>
    </Alert>
  );
}

function CreateLinkForm(props: { customerId: string; orderId?: string; orderNumber?: number }) {
  const create = useCreatePaymentLink(props.customerId);
  const [target, setTarget] = useState<'order' | 'balance'>(props.orderId ? 'order' : 'balance');
  const [days, setDays] = useState<number | string>(PAYMENT_LINK_DEFAULT_DAYS);
  const dayCount = Number(days);
  const isDaysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= PAYMENT_LINK_MAX_DAYS;
  const submit = () =>
    create.mutate({ orderId: target === 'order' ? (props.orderId ?? null) : null, expiresInDays: dayCount });
  return (
    <Stack gap="sm">
      {props.orderId && (
        <Radio.Group
          label="The link pays"
          value={target}
          onChange={(value) => setTarget(value === 'order' ? 'order' : 'balance')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="order" label={props.orderNumber ? `Order ${props.orderNumber}` : 'This order'} />
            <Radio value="balance" label="Everything the customer owes" />
          </Group>
        </Radio.Group>
      )}
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Expires after (days)"
          min={1}
          max={PAYMENT_LINK_MAX_DAYS}
          value={days}
          onChange={setDays}
          error={isDaysValid ? undefined : `From 1 to ${PAYMENT_LINK_MAX_DAYS} days`}
          w={180}
        />
        <Button onClick={submit} loading={create.isPending} disabled={!isDaysValid}>
          Create link
        </Button>
      </Group>
      {create.isError && (
        <Alert color="red" variant="light" role="alert">
          {create.error instanceof ApiError ? create.error.message : 'The link could not be created.'}
        </Alert>
      )}
      {create.data && <CreatedLink link={create.data} />}
    </Stack>
  );
}

function LinksTable(props: { customerId: string }) {
  const links = usePaymentLinks(props.customerId);
  const revoke = useRevokePaymentLink(props.customerId);
  const [revoking, setRevoking] = useState<PaymentLink | null>(null);
  if (links.isPending) return <Loader role="status" aria-label="Loading payment links" />;
  if (links.isError)
    return <LoadFailedAlert title="We could not load the links" onRetry={() => void links.refetch()} />;
  const items = links.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Text c="dimmed">No payment links yet.</Text>;
  return (
    <>
      <Table aria-label="Payment links">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Pays</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((link) => (
            <Table.Tr key={link.id}>
              <Table.Th scope="row" fw={400}>
                {linkFor(link)}
              </Table.Th>
              <Table.Td>
                <Badge color={STATE_LABELS[link.state].color} variant="light">
                  {STATE_LABELS[link.state].label}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDate(link.expires_at)}</Table.Td>
              <Table.Td ta="right">
                {link.state === 'ACTIVE' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setRevoking(link)}
                    aria-label={`Revoke the link for ${linkFor(link).toLowerCase()}, created ${formatDate(link.created_at)}`}
                  >
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {links.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void links.fetchNextPage()}
          loading={links.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this payment link?"
        confirmLabel="Revoke link"
        isConfirming={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
      >
        Its page stops taking payments at once: whoever holds it is told it has expired.
      </ConfirmDialog>
    </>
  );
}

/** The merchant's payment links for a customer: make one (for an order or the balance), copy it, revoke it. */
export function PaymentLinksDialog(props: { customerId?: string; orderId?: string; onClose: () => void }) {
  const resolved = useOrderCustomerAccount(props.customerId ? null : (props.orderId ?? null));
  const customerId = props.customerId ?? resolved.data?.customerId ?? null;

  let content: ReactNode;
  if (!customerId && !props.orderId)
    content = <Text>Choose a customer or an order to make a payment link.</Text>;
  else if (!customerId && resolved.isError) {
    content = (
      <LoadFailedAlert
        title="We could not find this order’s customer"
        message={resolved.error.message}
        onRetry={() => void resolved.refetch()}
      />
    );
  } else if (!customerId) content = <Loader role="status" aria-label="Finding the customer" />;
  else {
    content = (
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          A payment link opens a page where the customer pays by card without signing in.
        </Text>
        <CreateLinkForm
          customerId={customerId}
          orderId={props.orderId}
          orderNumber={resolved.data?.orderNumber}
        />
        <Stack gap="xs">
          <Title order={3} size="h5">
            Links made for this customer
          </Title>
          <LinksTable customerId={customerId} />
        </Stack>
      </Stack>
    );
  }
  return (
    <PayModal title="Payment links" onClose={props.onClose}>
      {content}
    </PayModal>
  );
}
