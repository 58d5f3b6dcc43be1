import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { GroupInput, type GroupSummary } from '@tradeport/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useCreateGroup } from '../api/create-group.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { GROUP_FORM_ERROR_CODES, groupFormFailure, groupValuesOf, isStaleEdit } from '../model/group-form.ts';
import { capitalise, type GroupKind, type GroupProduct, groupPath } from '../model/group-kind.ts';

type FormProps<S extends z.ZodType<GroupProduct>> = {
  kind: GroupKind<S>;
  /** The record being edited; null to add one. */
  group: GroupSummary | null;
  label: string;
  onDone: () => void;
  onStale: () => void;
};

function GroupForm<S extends z.ZodType<GroupProduct>>(props: FormProps<S>) {
  const { kind, group } = props;
  const navigate = useNavigate();
  const create = useCreateGroup(kind);
  const update = useUpdateGroup(kind, group?.id ?? '');
  const { form, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: groupValuesOf(group),
    schema: GroupInput,
    handledErrorCodes: GROUP_FORM_ERROR_CODES,
    onSubmit: async (body) => {
      if (group) {
        const saved = await update.mutateAsync({ ...body, version: group.version });
        showSuccessToast(`“${saved.name}” saved`);
        props.onDone();
        return;
      }
      const created = await create.mutateAsync(body);
      showSuccessToast(`“${created.name}” added`);
      // Straight to the new record: its products and customers are what comes next.
      await navigate(groupPath(kind, created.id));
    },
    onFailure: (failure, error) => {
      // A FORBIDDEN: the form hook reads the level again.
      if (group && isStaleEdit(error)) props.onStale();
      return groupFormFailure(failure, error, { kind, isCreate: !group });
    },
    isLeavingOnSuccess: true,
  });

  return (
    <form {...formProps} aria-label={props.label}>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <TextInput
          label="Name"
          required
          autoComplete="off"
          data-autofocus
          maxLength={80}
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          description="Optional. A note for your team, such as who this is for."
          // Not autosize: it needs document.fonts, which jsdom lacks.
          rows={3}
          maxLength={500}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button {...submitProps}>{group ? 'Save' : `Add ${kind.singular}`}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Add a tier or group, or rename one. The form lives inside the modal, which unmounts it on close,
 * so each opening starts afresh. A rename carries the version it was made on: when someone else
 * saved in between, the server refuses (409) and the form starts again from their version.
 */
export function GroupFormModal<S extends z.ZodType<GroupProduct>>(props: {
  kind: GroupKind<S>;
  group: GroupSummary | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { kind, group } = props;
  const [isStale, setIsStale] = useState(false);
  const label = group ? `Edit ${kind.singular}` : `Add ${kind.singular}`;
  const close = () => {
    setIsStale(false);
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={label}>
      <Stack gap="md">
        {isStale && (
          <Alert
            color="yellow"
            variant="light"
            role="alert"
            title={`${capitalise(kind.singular)} changed meanwhile`}
          >
            Someone else saved this {kind.singular} while you were editing. Their version is shown below; make
            your changes again and save.
          </Alert>
        )}
        {/* A new version (saved here or by someone else) starts the form afresh from it. */}
        <GroupForm
          key={group ? `${group.id}:${group.version}` : 'new'}
          kind={kind}
          group={group}
          label={label}
          onDone={close}
          onStale={() => setIsStale(true)}
        />
      </Stack>
    </Modal>
  );
}
