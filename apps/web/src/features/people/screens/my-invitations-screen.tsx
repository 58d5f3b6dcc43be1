import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MyInvitation } from '@tradeport/contract';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '#lib/api-error.ts';
import { formatDate } from '#lib/format.ts';
import { organisationIdStore } from '#lib/organisation.ts';
import { queryClient } from '#lib/query-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { QueryStatus } from '#lib/ui/query-status.tsx';
import {
  acceptInvitation,
  declineInvitation,
  INVITATION_ANSWER_ERROR_CODES,
  invitationLinkQuery,
  myInvitationsQuery,
} from '../api/people-api.ts';

type Invitation = z.output<typeof MyInvitation>;
type Answer = { organisationId: string; action: 'accept' | 'decline' };

function refusalOf(error: unknown): string | null {
  const isShownHere =
    error instanceof ApiError && (INVITATION_ANSWER_ERROR_CODES as readonly string[]).includes(error.code);
  return isShownHere ? error.message : null;
}

function InvitationCard(props: {
  title: string;
  details: string[];
  isHighlighted?: boolean;
  refusal: string | null;
  answering: Answer | null;
  organisationId: string;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const isBusy = props.answering !== null;
  const isThis = props.answering?.organisationId === props.organisationId;
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-label={props.title}
      bg={props.isHighlighted ? 'teal.0' : undefined}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        {props.details.map((detail) => (
          <Text key={detail} size="sm" c="dimmed">
            {detail}
          </Text>
        ))}
        {props.refusal && (
          <Alert color="red" variant="light">
            {props.refusal}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            onClick={props.onAccept}
            loading={isThis && props.answering?.action === 'accept'}
            disabled={isBusy}
          >
            Accept
          </Button>
          <Button variant="default" onClick={props.onDecline} disabled={isBusy}>
            Decline
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function detailsOf(invitation: Invitation): string[] {
  return [
    `As ${invitation.user_level}${invitation.invited_by ? `, invited by ${invitation.invited_by}` : ''}.`,
    `Open until ${formatDate(invitation.expires_at)}.`,
  ];
}

/**
 * The signed-in person's open invitations (SPEC §2 /user/invitations, never in the menu). Also where
 * an emailed link lands for someone already signed in: ?token=…&organisation=<id> is accepted with
 * the token.
 */
export function MyInvitationsScreen() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const linkToken = searchParams.get('token');
  const linkOrganisationId = searchParams.get('organisation');
  const organisationId = organisationIdStore.useValue();
  const invitations = useQuery(myInvitationsQuery(organisationId));
  const link = useQuery({
    ...invitationLinkQuery(organisationId, linkToken ?? ''),
    enabled: Boolean(linkToken),
  });
  const [answering, setAnswering] = useState<Answer | null>(null);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [toDecline, setToDecline] = useState<{ organisationId: string; title: string } | null>(null);

  const linkedId = link.data?.organisation_id ?? linkOrganisationId;
  const linked =
    linkToken && linkedId ? invitations.data?.find((i) => i.organisation_id === linkedId) : undefined;
  const others = invitations.data?.filter((invitation) => invitation !== linked) ?? [];
  const linkedTitle = link.data?.organisation_title ?? linked?.organisation_title ?? 'an organisation';

  const forgetLink = () => setSearchParams({}, { replace: true });

  const accept = async (targetId: string, title: string, token: string | null) => {
    setAnswering({ organisationId: targetId, action: 'accept' });
    setRefusals((current) => ({ ...current, [targetId]: '' }));
    try {
      await acceptInvitation(targetId, token);
      organisationIdStore.set(targetId);
      await queryClient.invalidateQueries();
      showSuccessToast(`You joined ${title}`);
      navigate('/', { replace: true });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) setRefusals((current) => ({ ...current, [targetId]: refusal }));
      setAnswering(null);
    }
  };

  const decline = async (targetId: string, title: string) => {
    setAnswering({ organisationId: targetId, action: 'decline' });
    try {
      await declineInvitation(targetId);
      showSuccessToast(`Invitation to ${title} declined`);
      setToDecline(null);
      if (targetId === linkedId) forgetLink();
      // The current user's memberships change too: with none left, the app stops sending people here.
      await queryClient.invalidateQueries();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) setRefusals((current) => ({ ...current, [targetId]: refusal }));
      setToDecline(null);
    } finally {
      setAnswering(null);
    }
  };

  const isLinkBroken = Boolean(linkToken) && link.isSuccess && link.data === null;

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>Invitations</Title>
        <Text c="dimmed">Organisations that have invited you to work with them.</Text>
      </Stack>

      {linkToken && link.isPending && (
        <Text c="dimmed" role="status">
          Checking your invitation link…
        </Text>
      )}
      {isLinkBroken && (
        <Alert color="yellow" variant="light" title="This invitation link no longer works">
          It may have expired, been withdrawn, or been used already. Ask the organisation to invite you again.
        </Alert>
      )}
      {linkToken && linkedId && !isLinkBroken && !link.isPending && (
        <InvitationCard
          title={`Join ${linkedTitle}`}
          details={linked ? detailsOf(linked) : ['You followed an invitation link from your email.']}
          isHighlighted
          organisationId={linkedId}
          refusal={refusals[linkedId] || null}
          answering={answering}
          onAccept={() => void accept(linkedId, linkedTitle, linkToken)}
          onDecline={() => setToDecline({ organisationId: linkedId, title: linkedTitle })}
        />
      )}

      <QueryStatus
        query={invitations}
        loadingLabel="Loading your invitations"
        errorTitle="Your invitations could not be loaded"
      />
      {invitations.isSuccess && invitations.data.length === 0 && !(linkToken && linkedId) && (
        <Text>You have no open invitations.</Text>
      )}
      {others.map((invitation) => (
        <InvitationCard
          key={invitation.organisation_id}
          title={invitation.organisation_title}
          details={detailsOf(invitation)}
          organisationId={invitation.organisation_id}
          refusal={refusals[invitation.organisation_id] || null}
          answering={answering}
          onAccept={() => void accept(invitation.organisation_id, invitation.organisation_title, null)}
          onDecline={() =>
            setToDecline({ organisationId: invitation.organisation_id, title: invitation.organisation_title })
          }
        />
      ))}

      <ConfirmDialog
        opened={toDecline !== null}
        title={`Decline the invitation to ${toDecline?.title ?? ''}?`}
        confirmLabel="Decline"
        isConfirming={answering?.action === 'decline'}
        onCancel={() => setToDecline(null)}
        onConfirm={() => toDecline && void decline(toDecline.organisationId, toDecline.title)}
      >
        You will need a new invitation to join later.
      </ConfirmDialog>
    </Stack>
  );
}
