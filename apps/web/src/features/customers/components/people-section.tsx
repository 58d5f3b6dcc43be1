import { Badge, Button, Group, NativeSelect, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { type EndpointResponse, inviteCustomerUser, type listCustomerUsers } from '@tradeport/contract';
import { useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { bodySchemaOf } from '#lib/forms/body-schema.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useCustomerPeople, useInviteCustomerUser } from '../api/customer-people.ts';
import { Section } from './section.tsx';

type Person = EndpointResponse<typeof listCustomerUsers>[number];
type Level = Person['user_level'];

const STATUS_BADGES: Record<Person['status'], { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: 'teal' },
  INACTIVE: { label: 'Inactive', color: 'gray' },
  INVITED: { label: 'Invited', color: 'yellow' },
};

function PeopleTable({ people }: { people: readonly Person[] }) {
  if (people.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No one can order for this customer yet. Invite their first person below.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label="People" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Level</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => {
            const badge = STATUS_BADGES[person.status];
            return (
              <Table.Tr key={person.user_id ?? person.invitation_id ?? person.email}>
                <Table.Td>{person.name ?? <Text c="dimmed">—</Text>}</Table.Td>
                <Table.Td>{person.email}</Table.Td>
                <Table.Td>{person.user_level}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={badge.color}>
                    {badge.label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function InviteForm(props: { customerId: string; defaultLevel: Level }) {
  const invite = useInviteCustomerUser(props.customerId);
  const [level, setLevel] = useState<Level | null>(null);
  const userLevel = level ?? props.defaultLevel;
  const { form, formProps, submitProps } = useContractForm({
    initialValues: { email: '' },
    schema: bodySchemaOf(inviteCustomerUser),
    toInput: (values) => ({ ...values, user_level: userLevel }),
    handledErrorCodes: ['VALIDATION_ERROR', 'CONFLICT'],
    onSubmit: async (body) => {
      const person = await invite.mutateAsync(body);
      form.setFieldValue('email', '');
      showSuccessToast(`Invitation sent to ${person.email}`);
    },
    // The address is the one thing to fix here, so every refusal shows on it (already invited too).
    onFailure: (failure, error) =>
      error instanceof ApiError && failure.formError !== null
        ? { fieldErrors: { email: failure.fieldErrors.email ?? failure.formError }, formError: null }
        : failure,
  });

  return (
    <form {...formProps} aria-label="Invite a person">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Invite by email"
          type="email"
          autoComplete="off"
          {...form.getInputProps('email')}
          style={{ flex: '1 1 240px' }}
        />
        <NativeSelect
          label="Level"
          data={['Admin', 'User']}
          value={userLevel}
          onChange={(event) => setLevel(event.currentTarget.value === 'Admin' ? 'Admin' : 'User')}
        />
        <Button {...submitProps} mt={25}>
          Send invitation
        </Button>
      </Group>
    </form>
  );
}

/** The customer's people and open invitations; merchants invite on the customer's behalf. */
export function PeopleSection(props: { customerId: string }) {
  const query = useCustomerPeople(props.customerId);

  let content;
  if (query.isPending) {
    content = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading people">
        <Skeleton height={24} />
        <Skeleton height={24} />
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <LoadFailedAlert
        title="We could not load this customer’s people"
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    content = <PeopleTable people={query.data} />;
  }

  return (
    <Section
      title="People"
      description="Admins manage the customer’s account and people; Users place orders."
    >
      {content}
      {/* The first person is usually the one who runs the account. */}
      <InviteForm customerId={props.customerId} defaultLevel={query.data?.length ? 'User' : 'Admin'} />
    </Section>
  );
}
