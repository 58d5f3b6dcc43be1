import { Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '#lib/ui/query-status.tsx';
import { TitledSection } from '#lib/ui/titled-section.tsx';
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
    <TitledSection title="People" headingId="people-heading">
      <QueryStatus query={query} loadingLabel="Loading people" errorTitle="People could not be loaded" />
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
    </TitledSection>
  );
}
