import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { membersQuery } from '../api/people-api.ts';
import { InviteForm } from './invite-form.tsx';
import { MembersTable } from './members-table.tsx';
import { OpenInvitations } from './open-invitations.tsx';

/** People of an organisation (Admins): members, invitations, and a form to invite more. */
export function PeopleSection(props: {
  organisationId: string;
  organisationTitle: string;
  currentUserId: string;
}) {
  const query = useQuery(membersQuery(props.organisationId));

  return (
    <Stack gap="md" component="section" aria-labelledby="people-heading">
      <Title order={2} id="people-heading">
        People
      </Title>
      {query.isPending && <Loader aria-label="Loading people" />}
      {query.isError && (
        <Alert color="red" variant="light" title="People could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {query.data && (
        <>
          <MembersTable
            organisationId={props.organisationId}
            organisationTitle={props.organisationTitle}
            members={query.data.members}
            currentUserId={props.currentUserId}
          />
          <Title order={3}>Invite someone</Title>
          <InviteForm organisationId={props.organisationId} />
          <Title order={3}>Open invitations</Title>
          <OpenInvitations organisationId={props.organisationId} invitations={query.data.invitations} />
        </>
      )}
    </Stack>
  );
}
