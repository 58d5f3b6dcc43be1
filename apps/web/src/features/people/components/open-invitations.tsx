import { Alert, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { PendingInvitation } from '@tradeport/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { forbiddenMessage, isForbidden, useRefreshAccess } from '#lib/access.ts';
import { formatDate } from '#lib/format.ts';
import { queryClient } from '#lib/query-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { peopleKeys, resendInvitation, withdrawInvitation } from '../api/people-api.ts';

type Invitation = z.output<typeof PendingInvitation>;

/** Invitations not yet answered, with Resend and Withdraw (after confirmation). */
export function OpenInvitations(props: { organisationId: string; invitations: readonly Invitation[] }) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [toWithdraw, setToWithdraw] = useState<Invitation | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refreshAccess = useRefreshAccess();
  const refresh = () => queryClient.invalidateQueries({ queryKey: peopleKeys.members(props.organisationId) });

  // A FORBIDDEN is never toasted (SPEC §8): said here, and the person's level reloaded. Anything
  // else has been shown as a toast by the API client.
  const onRefused = (error: unknown) => {
    if (!isForbidden(error)) return;
    setRefusal(forbiddenMessage(error));
    refreshAccess();
  };

  const resend = async (invitation: Invitation) => {
    setRefusal(null);
    setBusyId(invitation.id);
    try {
      await resendInvitation(props.organisationId, invitation.id);
      showSuccessToast(`Invitation sent again to ${invitation.email}`);
      await refresh();
    } catch (error) {
      onRefused(error);
    } finally {
      setBusyId(null);
    }
  };

  const withdraw = async (invitation: Invitation) => {
    setRefusal(null);
    setBusyId(invitation.id);
    try {
      await withdrawInvitation(props.organisationId, invitation.id);
      showSuccessToast(`Invitation to ${invitation.email} withdrawn`);
      setToWithdraw(null);
      await refresh();
    } catch (error) {
      // Refused for the person's level: the dialog's question no longer applies.
      if (isForbidden(error)) setToWithdraw(null);
      onRefused(error);
    } finally {
      setBusyId(null);
    }
  };

  if (props.invitations.length === 0) {
    return <Text c="dimmed">No open invitations.</Text>;
  }

  return (
    <>
      {refusal && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="That was not done"
          withCloseButton
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm">
          <Table.Caption>Open invitations</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Level</Table.Th>
              <Table.Th scope="col">Last sent</Table.Th>
              <Table.Th scope="col">Expires</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.invitations.map((invitation) => (
              <Table.Tr key={invitation.id}>
                <Table.Th scope="row" fw={500}>
                  {invitation.email}
                </Table.Th>
                <Table.Td>{invitation.user_level}</Table.Td>
                <Table.Td>{formatDate(invitation.last_sent_at)}</Table.Td>
                <Table.Td>{formatDate(invitation.expires_at)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      loading={busyId === invitation.id && toWithdraw === null}
                      disabled={busyId !== null}
                      onClick={() => void resend(invitation)}
                      aria-label={`Resend the invitation to ${invitation.email}`}
                    >
                      Resend
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={busyId !== null}
                      onClick={() => setToWithdraw(invitation)}
                      aria-label={`Withdraw the invitation to ${invitation.email}`}
                    >
                      Withdraw
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={toWithdraw !== null}
        title="Withdraw this invitation?"
        confirmLabel="Withdraw"
        isConfirming={toWithdraw !== null && busyId === toWithdraw.id}
        onCancel={() => setToWithdraw(null)}
        onConfirm={() => toWithdraw && void withdraw(toWithdraw)}
      >
        The link sent to {toWithdraw?.email} will stop working. You can invite them again later.
      </ConfirmDialog>
    </>
  );
}
