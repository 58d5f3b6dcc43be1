import { EmptyState } from '@mantine/core';

/** A User of the organisation: the subscription and its card are its Admins' to manage. */
export function BillingAdminsOnly(props: { organisationTitle: string | null }) {
  return (
    <EmptyState>
      <EmptyState.Title order={2}>Only Admins can manage billing</EmptyState.Title>
      <EmptyState.Description>
        The subscription, card and invoices of {props.organisationTitle ?? 'your organisation'} are managed by
        its Admins. Ask one of them if something needs changing.
      </EmptyState.Description>
    </EmptyState>
  );
}
