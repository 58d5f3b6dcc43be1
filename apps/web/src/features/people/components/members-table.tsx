import { Alert, Badge, Group, Select, Switch, Table, Text } from '@mantine/core';
import type { Member, UserLevel } from '@tradeport/contract';
import { useState } from 'react';
import { forbiddenMessage, isForbidden, useRefreshAccess } from '#lib/access.ts';
import { ApiError } from '#lib/api-error.ts';
import { queryClient } from '#lib/query-client.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ConfirmDialog } from '#lib/ui/confirm-dialog.tsx';
import { changeMember, MEMBER_ERROR_CODES } from '../api/people-api.ts';

const LEVEL_OPTIONS = [
  { value: 'Admin', label: 'Admin' },
  { value: 'User', label: 'User' },
];

type Change = { member: Member; userLevel: UserLevel; active: boolean };

/** Members with their level and whether they are active; each change is saved as it is made. */
export function MembersTable(props: {
  organisationId: string;
  organisationTitle: string;
  members: readonly Member[];
  currentUserId: string;
}) {
  const [savingId, setSavingId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pendingDeactivation, setPendingDeactivation] = useState<Change | null>(null);
  const refreshAccess = useRefreshAccess();

  const save = async (change: Change) => {
    setRefusal(null);
    setSavingId(change.member.user_id);
    try {
      await changeMember({
        organisationId: props.organisationId,
        userId: change.member.user_id,
        userLevel: change.userLevel,
        active: change.active,
      });
      showSuccessToast(`${change.member.name} updated`);
      // The list, and the current user when someone changed their own level, read from the server.
      await queryClient.invalidateQueries({ queryKey: [props.organisationId] });
    } catch (error) {
      // 403: this person is no longer an Admin here; say so, and reload their level so the
      // controls they can no longer use go away (SPEC §8: no toast for FORBIDDEN).
      if (isForbidden(error)) {
        setRefusal(forbiddenMessage(error));
        refreshAccess();
      }
      // 409: the change would leave no active Admin; the server says so in its message.
      else if (error instanceof ApiError && (MEMBER_ERROR_CODES as readonly string[]).includes(error.code)) {
        setRefusal(error.message);
      }
    } finally {
      setSavingId(null);
    }
  };

  const onActiveChange = (member: Member, active: boolean) => {
    const change = { member, userLevel: member.user_level, active };
    if (active) void save(change);
    else setPendingDeactivation(change);
  };

  return (
    <>
      {refusal && (
        <Alert
          color="red"
          variant="light"
          title="That change was not saved"
          withCloseButton
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Caption>People in {props.organisationTitle}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Level</Table.Th>
              <Table.Th scope="col">Active</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.members.map((member) => {
              const isSaving = savingId === member.user_id;
              const isYou = member.user_id === props.currentUserId;
              return (
                <Table.Tr key={member.user_id}>
                  <Table.Th scope="row" fw={500}>
                    <Group gap="xs">
                      <Text inherit>{member.name}</Text>
                      {isYou && (
                        <Badge size="xs" variant="light">
                          You
                        </Badge>
                      )}
                    </Group>
                  </Table.Th>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Level of ${member.name}`}
                      data={LEVEL_OPTIONS}
                      value={member.user_level}
                      allowDeselect={false}
                      disabled={isSaving}
                      w={120}
                      onChange={(value) => {
                        if (value && value !== member.user_level) {
                          void save({ member, userLevel: value as UserLevel, active: member.active });
                        }
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${member.name} is active`}
                      checked={member.active}
                      disabled={isSaving}
                      onChange={(event) => onActiveChange(member, event.currentTarget.checked)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={pendingDeactivation !== null}
        title={`Deactivate ${pendingDeactivation?.member.name ?? ''}?`}
        confirmLabel="Deactivate"
        isConfirming={pendingDeactivation !== null && savingId === pendingDeactivation.member.user_id}
        onCancel={() => setPendingDeactivation(null)}
        onConfirm={() => {
          const change = pendingDeactivation;
          if (!change) return;
          void save(change).finally(() => setPendingDeactivation(null));
        }}
      >
        They will no longer be able to work in {props.organisationTitle}. You can make them active again
        later.
      </ConfirmDialog>
    </>
  );
}
