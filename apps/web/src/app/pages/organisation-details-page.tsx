import { Alert, Divider, Stack, Text, Title } from '@mantine/core';
import { OrganisationDetailsSection } from '#features/organisations/components/organisation-details-section.tsx';
import { PaymentsSettingSection } from '#features/organisations/components/payments-setting-section.tsx';
import { PeopleSection } from '#features/people/components/people-section.tsx';
import { ADMIN_ONLY_REASON, useIsAdmin } from '#lib/access.ts';
import { useCurrentAccount } from '#lib/current-account.ts';

/**
 * /organisations/details: the organisation's details, a merchant's payments switch and its people,
 * for its Admins (SPEC §6).
 */
export function OrganisationDetailsPage() {
  const { data: currentUser, organisation } = useCurrentAccount();
  const isAdmin = useIsAdmin();

  if (!currentUser || !organisation) {
    return (
      <Stack gap="md">
        <Title order={1}>Organisation details</Title>
        <Text>You are not part of an organisation yet.</Text>
      </Stack>
    );
  }

  if (!isAdmin) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={1}>Organisation details</Title>
        <Alert color="blue" variant="light" title="Only Admins can manage the organisation">
          {ADMIN_ONLY_REASON} Only Admins of {organisation.title} can see and change its details and people;
          ask one of them if something needs to change.
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="xl" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Organisation details</Title>
        <Text c="dimmed">{organisation.title}</Text>
      </Stack>
      <OrganisationDetailsSection organisationId={organisation.id} />
      {/* A customer organisation's payments are tracked or not by its merchant. */}
      {currentUser.is_merchant && (
        <>
          <Divider />
          <PaymentsSettingSection organisationId={organisation.id} />
        </>
      )}
      <Divider />
      <PeopleSection
        organisationId={organisation.id}
        organisationTitle={organisation.title}
        currentUserId={currentUser.id}
      />
    </Stack>
  );
}
